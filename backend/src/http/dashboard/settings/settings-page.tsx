// What every settings page shares: the admin check, the frame with its side navigation, and how a
// form's refusal is shown (the page again, with the message and the error's status).
import type { Context } from 'koa';
import type { ComponentChildren } from 'preact';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import { projectPage, type ProjectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { SettingsFrame } from './frame.js';

/** The settings page for an admin or owner; anyone else gets a 403 that says who may. */
export const settingsPage = (app: AppContext, ctx: Context, what: string) =>
  projectPage(app, ctx, ctx.params.slug, 'settings', what);

/** A settings sub-page: its title, the side navigation with `current` marked, and its content. */
export function renderSettings(
  ctx: Context,
  page: ProjectPage,
  current: string,
  title: string,
  body: ComponentChildren,
  status?: number,
): void {
  renderPage(
    ctx,
    { title: `${title} · Settings · ${page.project.name}`, project: page.nav, section: 'settings', status },
    <SettingsFrame slug={page.project.slug} current={current}>
      {body}
    </SettingsFrame>,
  );
}

/** Runs a form's use case; an AppError (bad input, a rule) shows the page again with its message and status. */
export async function attempt(work: () => Promise<void>, refused: (error: AppError) => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await refused(error);
  }
}
