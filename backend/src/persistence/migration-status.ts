// Readiness: the database has every migration this build knows. A process started with migrations
// off (or an older build migrating the database back) must not take traffic on a schema it does not
// expect. Once current, it stays current for this build: later probes ask nothing.
import type { DataSource } from 'typeorm';
import type { ReadinessCheck } from '../app/ports/readiness.js';

export function migrationStatus(dataSource: DataSource, table = 'goalie_migrations'): ReadinessCheck {
  let current = false;
  return {
    name: 'migrations',
    async check() {
      if (current) return null;
      const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
      let applied: Set<string>;
      try {
        const rows: { name: string }[] = await dataSource.query(`SELECT name FROM ${table}`);
        applied = new Set(rows.map((r) => r.name));
      } catch (error) {
        // No table yet: never migrated. Anything else is for the database check to say.
        if ((error as { driverError?: { code?: string } }).driverError?.code !== '42P01')
          return `Could not read the applied migrations: ${(error as Error).message}`;
        applied = new Set();
      }
      const missing = known.filter((name) => !applied.has(name));
      if (missing.length === 0) {
        current = true;
        return null;
      }
      return `The database lacks ${missing.length} migration${missing.length === 1 ? '' : 's'} of this build (${missing.join(', ')}). Run \`npx goalie migrate\`, or start \`goalie serve\`, which migrates.`;
    },
  };
}
