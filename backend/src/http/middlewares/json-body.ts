// Reads the request body (bounded), keeps the raw bytes (webhook signatures need them) and parses JSON.
import type { Middleware } from 'koa';
import { AppError, BadRequest } from '../../app/errors.js';
import type { AppState } from '../state.js';

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;
}

export async function readRaw(
  ctx: { req: NodeJS.ReadableStream & { headers: Record<string, unknown> } },
  limit: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(413, `The request body is larger than the limit of ${formatBytes(limit)}; send a smaller body.`);
  const declared = Number(ctx.req.headers['content-length']);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limit) throw tooLarge();
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client went away in the middle of its body: its mistake, not a server error to log.
    throw new AppError(
      400,
      `The request body ended after ${formatBytes(size)}, before its end: the connection was closed. Send the whole body.`,
    );
  }
  return Buffer.concat(chunks);
}

/** Content types of a YAML body, which is not parsed here. */
export const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/** `acceptYaml`: a YAML body is kept raw for the route (a project file sent as it is); elsewhere it is refused as JSON. */
export function jsonBody(limit: number, { acceptYaml = false } = {}): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'DELETE' || ctx.method === 'OPTIONS')
      return next();
    const raw = await readRaw(ctx, limit);
    ctx.state.rawBody = raw;
    if (acceptYaml && ctx.is(YAML_TYPES)) return next();
    const text = raw.toString('utf8').trim();
    if (text) {
      try {
        ctx.state.body = JSON.parse(text);
      } catch (error) {
        throw new BadRequest(
          `The request body is not valid JSON (${(error as Error).message}). Send a JSON object with Content-Type: application/json.`,
        );
      }
    }
    await next();
  };
}
