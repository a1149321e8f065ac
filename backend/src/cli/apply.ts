import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadProjectFile, ProjectFileError } from '../../../shared/src/project-file/load.js';
import { applyProject, ProjectInvalid, type AppliedObject, type ApplySummary } from '../app/apply-project.js';
import { UsageError } from './main.js';
import { withRuntime } from './with-runtime.js';

function count(objects: AppliedObject[], what: string): string | null {
  if (objects.length === 0) return null;
  const created = objects.filter((o) => o.created).length;
  return `${objects.length} ${what}${objects.length === 1 ? '' : 's'}${created ? ` (${created} new)` : ''}`;
}

export function describeSummary(file: string, s: ApplySummary): string {
  const parts = [
    count(s.applications, 'application'),
    count(s.devicePresets, 'device preset'),
    count(s.configs, 'config'),
    count(s.scenarios, 'scenario'),
    count(s.testCases, 'test case'),
    count(s.testPlans, 'test plan'),
  ].filter(Boolean);
  const lines = [
    `Applied ${file} to organization ${s.organization.name}, project ${s.project.name} (slug ${s.project.slug})${s.project.created ? ', created' : ''}.`,
    parts.length ? `  ${parts.join(', ')}` : '  (no objects declared)',
  ];
  for (const plan of s.testPlans) lines.push(`  test plan ${plan.name}: ${plan.shortId}${plan.default ? ' (default)' : ''}`);
  for (const app of s.applications) {
    lines.push(`  application ${app.name}: ${app.shortId}`);
    for (const env of app.environments) lines.push(`    environment ${env.name}: ${env.shortId} ${env.url}${env.default ? ' (default)' : ''}`);
  }
  if (s.toGenerate.length) lines.push(`  ${s.toGenerate.length} test case(s) queued for step generation (burn-in).`);
  if (s.repository) {
    const r = s.repository;
    const as = r.auth.kind === 'app' ? ` as GitHub App ${r.auth.appId} (installation ${r.auth.installationId})` : '';
    lines.push(`  repository ${r.repository} on ${r.host}${as}: webhook ${r.webhookUrl}`);
    lines.push(r.webhook.ok ? `    webhook ${r.webhook.created ? 'created' : 'updated'} on ${r.host}` : `    webhook NOT set up: ${r.webhook.error}\n    The settings are saved; fix the problem and apply again.`);
  }
  return lines.join('\n') + '\n';
}

/** Reads, checks and applies one project file. Throws ProjectFileError with positions on any problem. */
export async function applyFile(file: string, applyWith: <T>(work: (rt: import('../main.js').Runtime) => Promise<T>) => Promise<T> = withRuntime): Promise<ApplySummary> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const loaded = loadProjectFile(path.relative(process.cwd(), file) || file, text);
  return applyWith(async (rt) => {
    try {
      return await applyProject(rt.app, loaded.doc);
    } catch (error) {
      if (error instanceof ProjectInvalid) throw loaded.fail(error.problems);
      throw error;
    }
  });
}

export async function applyCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError('usage: goalie apply <file.yaml> [--json]');
  try {
    const summary = await applyFile(file);
    process.stdout.write(values.json ? JSON.stringify(summary, null, 2) + '\n' : describeSummary(file, summary));
    // The webhook is the one part that talks to another system: say it failed in the exit code too.
    return summary.repository && !summary.repository.webhook.ok ? 1 : 0;
  } catch (error) {
    if (error instanceof ProjectFileError) {
      process.stderr.write(error.message + '\n');
      return 2;
    }
    throw error;
  }
}
