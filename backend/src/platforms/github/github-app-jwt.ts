// A GitHub App proves who it is with a JWT signed with its private key (RS256), valid for at most
// ten minutes; GitHub accepts it only for the App's own endpoints, such as exchanging it for an
// installation token.
import { sign, type KeyObject } from 'node:crypto';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * Issued a minute in the past and expiring nine minutes ahead, as GitHub recommends: a clock up to a
 * minute off either way still gives a JWT GitHub takes (it refuses one issued in the future, or
 * expiring more than ten minutes after its own now).
 */
export function appJwt(appId: number, privateKey: KeyObject, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat: nowSeconds - 60, exp: nowSeconds + 540, iss: appId }));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}
