// Renders a page into the response: preact's renderer escapes every value, so nothing read from the
// database or a request can become markup.
import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { currentUser } from './access.js';
import { csrfToken } from './csrf.js';
import { Layout, type NavProject, type Section } from './layout.js';

export interface PageOptions {
  title: string;
  project?: NavProject | null;
  section?: Section;
  live?: boolean;
  status?: number;
}

export function renderPage(ctx: Context, options: PageOptions, content: ComponentChildren): void {
  const markup = renderToString(
    <Layout
      title={options.title}
      user={currentUser(ctx)}
      csrf={csrfToken(ctx)}
      project={options.project}
      section={options.section}
      live={options.live}
    >
      {content}
    </Layout>,
  );
  if (options.status) ctx.status = options.status;
  ctx.type = 'html';
  // Pages show what a member may see: never kept by shared caches.
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = `<!doctype html>\n${markup}`;
}
