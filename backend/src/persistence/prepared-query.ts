// A statement the API runs on every request, prepared once per pooled connection under its name, so
// PostgreSQL does not plan it each time (planning cost about as much as running the run read). Inside
// a transaction it runs on the transaction's connection as an ordinary query.
import type { EntityManager } from 'typeorm';
import type { Pool } from 'pg';

export async function preparedQuery<Row>(
  m: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  if (m.queryRunner) return await m.query<Row[]>(text, values);
  const pool = (m.connection.driver as unknown as { master: Pool }).master;
  return (await pool.query({ name, text, values })).rows as Row[];
}
