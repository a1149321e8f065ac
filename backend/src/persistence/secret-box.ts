// Secrets at rest (config secrets, integration tokens): AES-256-GCM with a key from
// GOALIE_SECRET_KEY, or a key file created once under GOALIE_HOME.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBoxFromKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes (base64 or hex encoded)');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
        ':',
      );
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(
          'A stored secret cannot be decrypted: GOALIE_SECRET_KEY (or GOALIE_HOME/secret.key) differs from the key it was sealed with',
        );
      }
    },
  };
}

export function parseKey(raw: string): Buffer {
  const trimmed = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error(
      'GOALIE_SECRET_KEY must be 32 bytes, base64 or hex encoded; create one with `openssl rand -base64 32`',
    );
  }
  return key;
}

/** The configured key, or the key file under `home` (created on first use, mode 0600). */
export function loadSecretBox(secretKey: string | null, home: string): SecretBox {
  if (secretKey) return secretBoxFromKey(parseKey(secretKey));
  const file = path.join(home, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(home, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  return secretBoxFromKey(parseKey(fs.readFileSync(file, 'utf8')));
}
