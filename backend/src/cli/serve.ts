// `goalie serve`: the whole service in one process on the embedded PostgreSQL (or DATABASE_URL).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadProjectFile } from '../../../shared/src/project-file/load.js';
import { applyProject } from '../app/apply-project.js';
import { createToken } from '../app/tokens.js';
import { loadConfig, type Config } from '../config.js';
import { createLogger } from '../logger.js';
import { createRuntime, listen, openDatabase, type Runtime } from '../main.js';

const DEMO_YAML = fileURLToPath(new URL('../demo/demo-project.yaml', import.meta.url));

/** First start: the demo organization and project, and a token for the quick start. */
export async function seedDemo(runtime: Runtime): Promise<string | null> {
  if (!(await runtime.app.store.projectsAsCode.isEmpty())) return null;
  const loaded = loadProjectFile('demo-project.yaml', fs.readFileSync(DEMO_YAML, 'utf8'));
  const summary = await applyProject(runtime.app, loaded.doc);
  const { token } = await createToken(runtime.app, summary.project.slug, 'quick start');
  return token;
}

export function banner(config: Config, token: string | null, embedded: boolean, dataDir?: string): string {
  const api = `${config.publicUrl}/v1`;
  const lines = [
    '',
    'Goalie is running.',
    `  API        ${api}  (description: ${api}/openapi.json)`,
    `  Data       ${embedded ? `${config.home} (embedded PostgreSQL${dataDir && !dataDir.startsWith(config.home) ? ` in ${dataDir}` : ''})` : 'DATABASE_URL'}`,
  ];
  if (token) {
    lines.push(
      '',
      'First start: seeded organization "Demo" with project "demo".',
      `  API token (shown once, keep it):  ${token}`,
      '',
      'Start a run of the demo plan:',
      `  curl -X POST ${api}/run -H "Authorization: Bearer ${token}"`,
      'Then read it (use the shortId from the answer):',
      `  curl "${api}/run/<shortId>?testCases=all" -H "Authorization: Bearer ${token}"`,
    );
  } else {
    lines.push('', 'Need an API token?  goalie token create --project demo   (or: npx goalie token create --project demo)');
  }
  return lines.join('\n') + '\n\n';
}

export async function serveCommand(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await openDatabase(config, logger);
  const runtime = await createRuntime(config, { databaseUrl: db.url, logger });
  const token = await seedDemo(runtime);
  const server = await listen(runtime, config.port, config.host);
  process.stdout.write(banner(config, token, db.embedded, db.dataDir));

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      server.close(() => resolve());
      server.closeAllConnections();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await runtime.close();
  await db.stop();
  return 0;
}
