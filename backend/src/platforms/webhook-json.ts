// What both hosts' webhook parsers need to read an untrusted delivery safely: field checks that never
// throw, header lookup as HTTP defines it, and the one error a delivery can get (its body is not JSON).
import { BadRequest } from '../app/errors.js';
import type { PlatformEvent, WebhookRequest } from '../app/ports/change-request-platform.js';

/** The body is not JSON: a 400 whose message reaches the sender (both hosts show it in their delivery logs). */
export class WebhookPayloadError extends BadRequest {}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const ignored = (reason: string): PlatformEvent => ({ kind: 'ignored', reason });

/** Header names are case-insensitive; a repeated header counts by its first value. */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The delivery's body as JSON, or a WebhookPayloadError naming the host and, when given, the fix. */
export function parseBody(rawBody: Buffer, host: string, fix = ''): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    throw new WebhookPayloadError(
      `The ${host} webhook body is not valid JSON (${(error as Error).message})${fix ? `; ${fix}` : ''}.`,
    );
  }
}
