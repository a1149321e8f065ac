// Where `goalie serve` was last reached, so that the links `goalie user create` and `user reset-link`
// print lead to it even when they run without the server's PORT or GOALIE_PUBLIC_URL.
//
// Kept in the database (instance_settings), not in GOALIE_HOME: a command finds the server through
// the database it shares with it, and with DATABASE_URL the two often have different homes (another
// machine, another container), as for the secret key check beside it. Several servers on one
// database record the same GOALIE_PUBLIC_URL, or the last one to start wins.
import type { DataSource } from 'typeorm';

const NAME = 'server_public_url';

/**
 * The value read back as hostile (anyone with the database can write it): an http(s) URL, as the URL
 * parser writes it (no control characters reach the terminal), or nothing.
 */
export function validServerUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
    return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export async function recordServerUrl(dataSource: DataSource, url: string): Promise<void> {
  await dataSource.query(
    `INSERT INTO instance_settings (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [NAME, url],
  );
}

/** The URL the last `goalie serve` on this database recorded; null when none did (or it is not a URL). */
export async function recordedServerUrl(dataSource: DataSource): Promise<string | null> {
  const [row] = await dataSource.query<{ value: string }[]>(`SELECT value FROM instance_settings WHERE name = $1`, [
    NAME,
  ]);
  return validServerUrl(row?.value);
}
