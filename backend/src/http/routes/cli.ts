// The client CLI for download, no token needed (it is public code): GET /cli/goalie.js and /cli/version.
import Router from '@koa/router';
import type { CliBundle } from '../cli-bundle.js';
import type { AppState } from '../state.js';

export function cliRoutes(bundle: () => Promise<CliBundle>, version: string): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/cli' });

  router.get('/goalie.js', async (ctx) => {
    const { code, etag, version: bundled } = await bundle();
    ctx.set('ETag', etag);
    ctx.set('X-Goalie-Version', bundled);
    // Revalidate every time: a server upgrade changes the file.
    ctx.set('Cache-Control', 'no-cache');
    // Not ctx.fresh: it ignores If-None-Match when the request says Cache-Control: no-cache, which
    // fetch() adds to every conditional request. The origin may still answer 304.
    if (matchesEtag(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.body = code;
  });

  router.get('/version', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { version };
  });

  return router;
}

/** `If-None-Match: "a", W/"b"` or `*` (weak comparison, as RFC 9110 asks for If-None-Match). */
function matchesEtag(header: string, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
