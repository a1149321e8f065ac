// GitHub signs each webhook delivery: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(secret, raw body).
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export function signGitHubPayload(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** False for a missing or malformed header and for an empty secret (which would make any signature guessable). */
export function verifyGitHubSignature(header: string | undefined, secret: string, rawBody: Buffer): boolean {
  const match = SIGNATURE.exec(header?.trim() ?? '');
  if (!match || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}
