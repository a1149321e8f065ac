// The review page behind the API's `url` field (runs: runs/run-routes.tsx; test cases:
// test-cases/routes.tsx) and the evidence files of all three. Each needs a member of the project's
// organization, or a project with `publicResults` for reading; a try's screenshots (tries/<id>/...)
// need the user who started the try, whatever the project's settings.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../app/context.js';
import { NotFound } from '../../app/errors.js';
import type { EvidenceStore } from '../../app/ports/evidence.js';
import { parseRange } from '../range-header.js';
import type { ProjectRecord } from '../../app/records.js';
import type { AppState } from '../state.js';
import { currentUser, projectAccess } from './access.js';
import { setEvidenceHeaders } from './evidence-headers.js';
import { showReviewPage } from './reviews/routes.js';

const NOT_FOUND = 'Nothing was found at this address, or you are not a member of its organization.';

async function projectById(app: AppContext, id: string): Promise<ProjectRecord> {
  const project = await app.store.projects.findById(id);
  if (!project) throw new NotFound(NOT_FOUND);
  return project;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The project an evidence key belongs to: runs/<run id>/..., reviews/<review id>/..., generation/<test case id>/... */
async function projectOfEvidence(app: AppContext, key: string): Promise<string | null> {
  const [kind, id] = key.split('/');
  if (!id || !UUID.test(id)) return null;
  if (kind === 'runs') return (await app.store.runs.findById(id))?.projectId ?? null;
  if (kind === 'reviews') return (await app.store.reviews.byId(id))?.projectId ?? null;
  if (kind === 'generation') return (await app.store.testCases.findAnywhere(id))?.projectId ?? null;
  return null;
}

export function resultsRoutes(app: AppContext, evidence: EvidenceStore): Router<AppState> {
  const router = new Router<AppState>();
  const read = (ctx: Context, project: ProjectRecord, what: string) =>
    projectAccess(app, ctx, project, 'read', what, { results: true });

  router.get('/reviews/:shortId', (ctx) => showReviewPage(app, ctx, ctx.params.shortId!));

  router.get('/evidence/*key', async (ctx) => {
    const raw = (ctx.params as Record<string, string | string[]>).key ?? '';
    const key = Array.isArray(raw) ? raw.join('/') : raw;
    if (key.startsWith('tries/')) {
      // A try's screenshots are its starter's alone, in a project they are still a member of.
      const id = key.split('/')[1] ?? '';
      const owner = UUID.test(id) ? await app.store.goalTries.find(id) : null;
      if (!owner || owner.userId !== currentUser(ctx)?.id) throw new NotFound(`No evidence at ${key}.`);
      await projectAccess(app, ctx, await projectById(app, owner.projectId), 'read', 'see this evidence');
    } else {
      const projectId = await projectOfEvidence(app, key);
      if (!projectId) throw new NotFound(`No evidence at ${key}.`);
      await read(ctx, await projectById(app, projectId), 'see this evidence');
    }
    const file = await evidence.open(key, {
      range: parseRange(ctx.get('Range')),
      ifNoneMatch: ctx.get('If-None-Match') || undefined,
    });
    if (!file) throw new NotFound(`No evidence at ${key}.`);
    setEvidenceHeaders(ctx, key, file.status === 'ok' ? file.contentType : null);
    // Only the signed-in browser may keep it: never a shared cache.
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.set('Accept-Ranges', 'bytes');
    if (file.status === 'not-modified') {
      ctx.set('ETag', file.etag);
      ctx.status = 304;
      return;
    }
    if (file.status === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${file.size}`);
      ctx.status = 416;
      ctx.body = `The range ${ctx.get('Range')} is outside the ${file.size} bytes of this evidence.`;
      return;
    }
    ctx.set('ETag', file.etag);
    ctx.set('Last-Modified', file.lastModified.toUTCString());
    ctx.type = file.contentType;
    // Koa never reads a HEAD's body: left open it would hold a file or an S3 connection.
    if (ctx.method === 'HEAD') file.body.destroy();
    else ctx.body = file.body;
    // After the body, which would set 200 itself; the length after it too, which a stream body removes.
    ctx.status = file.range ? 206 : 200;
    if (file.range) {
      ctx.set('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
      ctx.length = file.range.end - file.range.start + 1;
    } else {
      ctx.length = file.size;
    }
  });

  return router;
}
