// Form bodies of the dashboard (application/x-www-form-urlencoded), read once per request.
import type { Context } from 'koa';
import { BadRequest } from '../../app/errors.js';
import { readRaw } from '../middlewares/json-body.js';

const LIMIT = 64 * 1024;

export async function readForm(ctx: Context): Promise<URLSearchParams> {
  const cached = (ctx.state as { form?: URLSearchParams }).form;
  if (cached) return cached;
  const type = ctx.get('content-type');
  if (type && !type.startsWith('application/x-www-form-urlencoded'))
    throw new BadRequest(`This form takes application/x-www-form-urlencoded, not ${type}.`);
  const form = new URLSearchParams((await readRaw(ctx, LIMIT)).toString('utf8'));
  (ctx.state as { form?: URLSearchParams }).form = form;
  return form;
}

/** A text field, trimmed; '' when absent. */
export function field(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim();
}
