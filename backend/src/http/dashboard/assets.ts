// The dashboard's stylesheet and script: plain files read once, served with a version in the URL so
// browsers may keep them for a year.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Router from '@koa/router';
import { installPath } from '../../install-dir.js';

const read = (name: string) => fs.readFileSync(installPath('backend/src/http/dashboard/assets', name), 'utf8');
const FILES: Record<string, { type: string; body: string }> = {
  'dashboard.css': { type: 'text/css; charset=utf-8', body: read('dashboard.css') },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', body: read('dashboard.js') },
};

export const ASSET_VERSION = createHash('sha256')
  .update(
    Object.values(FILES)
      .map((f) => f.body)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 10);

export function assetRoutes(): Router {
  const router = new Router();
  router.get('/assets/:name', (ctx) => {
    const file = FILES[ctx.params.name!];
    if (!file) return;
    ctx.type = file.type;
    ctx.set('Cache-Control', ctx.query.v === ASSET_VERSION ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.body = file.body;
  });
  return router;
}
