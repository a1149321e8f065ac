// The credentials of a project file's `repository:` block: GitHub takes a token or a GitHub App
// installation, GitLab a token; every mistake names its line and path and says how to fix it.
// Pure: the file is read and checked, nothing is applied.
import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { loadProjectFile, ProjectFileError } from '../../../shared/src/project-file/load.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PKCS1 = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
const PKCS8 = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const EC = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;
const PUBLIC = rsa.publicKey.export({ type: 'spki', format: 'pem' }) as string;

const file = (host: 'github' | 'gitlab', credentials: string) => `organization: { name: Acme }
project: { name: shop }
repository:
  host: ${host}
  repository: acme/shop
${credentials}`;
const app = (fields: string) => `  app:\n${fields.replace(/^/gm, '    ')}\n`;
const APP = app('appId: 123456\ninstallationId: 7890123\nprivateKey: ${GITHUB_APP_PRIVATE_KEY}');

const load = (host: 'github' | 'gitlab', credentials: string, env: Record<string, string> = {}) =>
  loadProjectFile('shop.yaml', file(host, credentials), env).doc.repository!.credentials;

function problems(host: 'github' | 'gitlab', credentials: string, env: Record<string, string> = {}): string {
  try {
    load(host, credentials, env);
  } catch (error) {
    expect(error).to.be.instanceOf(ProjectFileError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('project file: repository credentials', () => {
  const accepted: [string, 'github' | 'gitlab', string, Record<string, string>, object][] = [
    [
      'a GitHub token',
      'github',
      '  token: ${GITHUB_TOKEN}\n',
      { GITHUB_TOKEN: 'ghp_abc' },
      { kind: 'token', token: 'ghp_abc' },
    ],
    ['a GitLab token', 'gitlab', '  token: glpat-abc\n', {}, { kind: 'token', token: 'glpat-abc' }],
    [
      'a GitHub App (PKCS#1 key, as GitHub generates it)',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PKCS1 },
      { kind: 'app', appId: 123456, installationId: 7890123, privateKey: PKCS1 },
    ],
    [
      'a GitHub App with a PKCS#8 key',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PKCS8 },
      { kind: 'app', privateKey: PKCS8 },
    ],
    [
      'IDs as strings of digits (what ${VAR} gives)',
      'github',
      app('appId: ${APP_ID}\ninstallationId: "7890123"\nprivateKey: ${GITHUB_APP_PRIVATE_KEY}'),
      { APP_ID: '123456', GITHUB_APP_PRIVATE_KEY: PKCS1 },
      { kind: 'app', appId: 123456, installationId: 7890123 },
    ],
    [
      'a key on one line with \\n for its line breaks (.env files)',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PKCS1.trim().replace(/\n/g, '\\n') },
      { kind: 'app', privateKey: PKCS1.trim() },
    ],
  ];
  for (const [title, host, credentials, env, expected] of accepted) {
    it(`accepts ${title}`, () => {
      expect(load(host, credentials, env)).to.deep.include(expected);
    });
  }

  const refused: [string, 'github' | 'gitlab', string, Record<string, string>, RegExp[]][] = [
    [
      'both a token and an app',
      'github',
      `  token: ghp_abc\n${APP}`,
      { GITHUB_APP_PRIVATE_KEY: PKCS1 },
      [/shop\.yaml:7:3 repository\.app: give either token or app, not both/],
    ],
    [
      'neither on GitHub',
      'github',
      '',
      {},
      [
        /shop\.yaml:3:1 repository: needs credentials: token \(e\.g\. token: \$\{GITHUB_TOKEN\}\) or app \(appId, installationId and privateKey/,
      ],
    ],
    [
      'no token on GitLab',
      'gitlab',
      '',
      {},
      [/repository\.token: is required: a project access token with the api scope/],
    ],
    [
      'an app on GitLab',
      'gitlab',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PKCS1 },
      [/repository\.app: is for GitHub Apps; GitLab connects with an access token: remove app and give token/],
    ],
    ['an empty token', 'github', '  token: ""\n', {}, [/repository\.token: must not be empty; use \$\{GITHUB_TOKEN\}/]],
    [
      'text that is no key',
      'github',
      app('appId: 1\ninstallationId: 2\nprivateKey: my-key.pem'),
      {},
      [
        /repository\.app\.privateKey: must be a PEM private key \(-----BEGIN RSA PRIVATE KEY----- \.\.\. -----END RSA PRIVATE KEY-----\)/,
      ],
    ],
    [
      'a public key',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PUBLIC },
      [/repository\.app\.privateKey: must be a PEM private key/],
    ],
    [
      'a key cut short',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: PKCS1.replace(/\n[A-Za-z0-9+/=]+\n-----END/, '\n-----END') },
      [/repository\.app\.privateKey: must be a PEM private key .*; this one cannot be read/],
    ],
    [
      'a key that is not RSA',
      'github',
      APP,
      { GITHUB_APP_PRIVATE_KEY: EC },
      [/repository\.app\.privateKey: must be an RSA key, as GitHub generates for Apps; this one is ec/],
    ],
    [
      'an unset key variable',
      'github',
      APP,
      {},
      [
        /repository\.app\.privateKey: uses \$\{GITHUB_APP_PRIVATE_KEY\}, but the environment variable GITHUB_APP_PRIVATE_KEY is not set/,
      ],
    ],
    [
      'IDs that are not whole numbers',
      'github',
      app('appId: my-app\ninstallationId: -5\nprivateKey: ${GITHUB_APP_PRIVATE_KEY}'),
      { GITHUB_APP_PRIVATE_KEY: PKCS1 },
      [
        /shop\.yaml:7:5 repository\.app\.appId: must be a whole number, the App ID shown on the GitHub App's settings page \(General → About\); got "my-app"/,
        /shop\.yaml:8:5 repository\.app\.installationId: must be a whole number, .*; got -5/,
      ],
    ],
    [
      'missing IDs and an unknown field',
      'github',
      app('privateKey: ${GITHUB_APP_PRIVATE_KEY}\nclientId: Iv1.abc'),
      { GITHUB_APP_PRIVATE_KEY: PKCS1 },
      [
        /repository\.app\.appId: is required: the App ID/,
        /repository\.app\.installationId: is required: the number at the end of the installation's URL/,
        /repository\.app: has unknown field clientId/,
      ],
    ],
  ];
  for (const [title, host, credentials, env, patterns] of refused) {
    it(`refuses ${title}`, () => {
      const message = problems(host, credentials, env);
      expect(message).to.match(/^shop\.yaml: \d+ problems?, nothing was applied:/);
      for (const pattern of patterns) expect(message).to.match(pattern);
    });
  }

  it('never repeats the private key in a problem', () => {
    const message = problems('github', `  token: ghp_abc\n${APP}`, { GITHUB_APP_PRIVATE_KEY: PKCS1 });
    expect(message).to.not.contain(PKCS1.split('\n')[1]);
    expect(problems('github', APP, { GITHUB_APP_PRIVATE_KEY: EC })).to.not.contain(EC.split('\n')[1]);
  });
});
