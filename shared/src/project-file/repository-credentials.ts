// How a `repository:` block authenticates: GitHub takes a token or a GitHub App installation,
// GitLab an access token. Checked here, with messages that say which field to fix and how.
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';

export type RepositoryCredentials =
  { kind: 'token'; token: string } | { kind: 'app'; appId: number; installationId: number; privateKey: string };

/** A positive whole number, written as a YAML number or as digits (what `${VAR}` gives). */
const wholeNumber = (what: string) =>
  z.unknown().transform((value, ctx) => {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(n) && n > 0) return n;
    ctx.addIssue({
      code: 'custom',
      message:
        value === undefined ? `is required: ${what}` : `must be a whole number, ${what}; got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

const PEM = /-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----/;
const PEM_HINT =
  'must be a PEM private key (-----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE KEY-----): the whole .pem file GitHub generated for the App, usually as ${GITHUB_APP_PRIVATE_KEY}';

/** Null when `pem` is an RSA private key GitHub can check App tokens against, else what is wrong. */
export function privateKeyProblem(pem: string): string | null {
  if (!PEM.test(pem)) return PEM_HINT;
  try {
    const key = createPrivateKey(pem);
    // GitHub signs App JWTs with RS256 only.
    return key.asymmetricKeyType === 'rsa'
      ? null
      : `must be an RSA key, as GitHub generates for Apps; this one is ${key.asymmetricKeyType ?? 'of another type'}`;
  } catch (error) {
    return `${PEM_HINT}; this one cannot be read (${(error as Error).message})`;
  }
}

const privateKey = z.string().transform((value, ctx) => {
  // .env files and CI variables often hold the key on one line, its line breaks written as \n.
  const pem = value.includes('\n') ? value : value.replace(/\\n/g, '\n');
  const problem = privateKeyProblem(pem);
  if (!problem) return pem;
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

export const githubApp = z.strictObject({
  appId: wholeNumber("the App ID shown on the GitHub App's settings page (General → About)"),
  installationId: wholeNumber("the number at the end of the installation's URL (…/settings/installations/12345678)"),
  privateKey,
});

export const repositoryToken = z
  .string()
  .min(1, { error: 'must not be empty; use ${GITHUB_TOKEN} or ${GITLAB_TOKEN} to keep it out of the file' });

/** Whether the block's host is one the credential rules know (the check is pointless otherwise). */
export const hasKnownHost = (payload: { value: unknown }): boolean => {
  const host = (payload.value as { host?: unknown } | null)?.host;
  return host === 'github' || host === 'gitlab';
};

/** For `superRefine` on the repository block: exactly one kind of credentials, and the kind the host takes. */
export function checkCredentials(
  r: { host: 'github' | 'gitlab'; token?: string; app?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (r.host === 'gitlab' && r.app !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['app'],
      message:
        'is for GitHub Apps; GitLab connects with an access token: remove app and give token (a project access token with the api scope)',
    });
  } else if (r.token !== undefined && r.app !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['app'],
      message:
        "give either token or app, not both: with app, Goalie acts as the GitHub App installation; with token, as the token's user",
    });
  } else if (r.token === undefined && r.app === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: r.host === 'gitlab' ? ['token'] : [],
      message:
        r.host === 'gitlab'
          ? 'is required: a project access token with the api scope, e.g. token: ${GITLAB_TOKEN}'
          : 'needs credentials: token (e.g. token: ${GITHUB_TOKEN}) or app (appId, installationId and privateKey of a GitHub App installation)',
    });
  }
}

/** The checked block's credentials, in one shape. */
export function toCredentials(r: { token?: string; app?: z.infer<typeof githubApp> }): RepositoryCredentials {
  return r.app ? { kind: 'app', ...r.app } : { kind: 'token', token: r.token ?? '' };
}
