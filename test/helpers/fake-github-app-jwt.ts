// How the fake GitHub checks a GitHub App's JWT, as GitHub does: RS256, signed with a key of the App
// named in `iss`, not expired, issued no later than now, expiring at most ten minutes ahead. The
// refusals carry GitHub's own messages (docs.github.com: generating a JWT for a GitHub App).
import { verify, type KeyObject } from 'node:crypto';

export interface JwtApp {
  id: number;
  publicKey: KeyObject;
}

export const UNDECODABLE = 'A JSON web token could not be decoded';
export const EXPIRED =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
export const TOO_FAR = "'Expiration time' claim ('exp') is too far in the future";
export const ISSUED_LATER =
  "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";

const json = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** The App the `Authorization: Bearer <jwt>` header proves, or GitHub's reason to answer 401. */
export function verifyAppJwt<A extends JwtApp>(
  authorization: string | undefined,
  apps: readonly A[],
  nowSeconds: number,
): { app: A } | { refusal: string } {
  const jwt = /^bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const [header, payload, signature, ...extra] = jwt?.split('.') ?? [];
  if (!header || !payload || !signature || extra.length) return { refusal: UNDECODABLE };
  const claims = json(payload);
  if (json(header)?.alg !== 'RS256' || !claims) return { refusal: UNDECODABLE };
  const app = apps.find((a) => String(a.id) === String(claims.iss));
  if (
    !app ||
    !verify('sha256', Buffer.from(`${header}.${payload}`), app.publicKey, Buffer.from(signature, 'base64url'))
  )
    return { refusal: UNDECODABLE };
  const { iat, exp } = claims;
  if (typeof exp !== 'number' || exp <= nowSeconds) return { refusal: EXPIRED };
  if (exp > nowSeconds + 600) return { refusal: TOO_FAR };
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > nowSeconds) return { refusal: ISSUED_LATER };
  return { app };
}
