// A repository connection's credentials and their columns: a sealed token, or an App's ID, its
// installation's ID and its sealed private key. The columns of the other kind are NULL (a CHECK
// constraint holds the table to it).
import type { PlatformCredentials } from '../app/ports/change-request-platform.js';
import type { RepositoryConnectionEntity } from './entities/index.js';
import type { SecretBox } from './secret-box.js';

type CredentialColumns = Pick<RepositoryConnectionEntity, 'token' | 'appId' | 'installationId' | 'appPrivateKey'>;

export function sealCredentials(credentials: PlatformCredentials, secrets: SecretBox): CredentialColumns {
  return credentials.kind === 'app'
    ? {
        token: null,
        appId: String(credentials.appId),
        installationId: String(credentials.installationId),
        appPrivateKey: secrets.seal(credentials.privateKey),
      }
    : { token: secrets.seal(credentials.token), appId: null, installationId: null, appPrivateKey: null };
}

export function openCredentials(columns: CredentialColumns, secrets: SecretBox): PlatformCredentials {
  if (columns.token !== null) return { kind: 'token', token: secrets.open(columns.token) };
  return {
    kind: 'app',
    appId: Number(columns.appId),
    installationId: Number(columns.installationId),
    privateKey: secrets.open(columns.appPrivateKey ?? ''),
  };
}
