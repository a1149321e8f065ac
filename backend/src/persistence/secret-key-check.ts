// Every process that shares a database must seal and open secrets with the same key. The first one
// stores a value sealed with its key; every later one must be able to open it, or it does not start.
// Without this, a worker on a second machine (its own GOALIE_HOME, so its own key file) would start
// fine and then fail every test case that types a secret.
import type { DataSource } from 'typeorm';
import { ConfigurationError } from '../config.js';
import type { SecretBox } from './secret-box.js';

const NAME = 'secret_key_check';
const PLAIN = 'goalie secret key check';

export class SecretKeyMismatch extends ConfigurationError {}

export async function checkSecretKey(dataSource: DataSource, secrets: SecretBox, where: string): Promise<void> {
  await dataSource.query(`INSERT INTO instance_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    NAME,
    secrets.seal(PLAIN),
  ]);
  // Read back: when two processes with different keys start at once, one of them loses here.
  const [row] = await dataSource.query<{ value: string }[]>(`SELECT value FROM instance_settings WHERE name = $1`, [
    NAME,
  ]);
  let opened: string | null = null;
  try {
    opened = secrets.open(row!.value);
  } catch {
    // A different key: said below.
  }
  if (opened !== PLAIN) {
    throw new SecretKeyMismatch(
      `This process's secret key (${where}) is not the key this database's secrets are sealed with. Every goalie process that shares a database needs the same key: set GOALIE_SECRET_KEY to the same value on every machine (or copy secret.key from the GOALIE_HOME of the first one).`,
    );
  }
}
