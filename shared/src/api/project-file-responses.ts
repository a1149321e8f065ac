// Answers of the project-file routes (Goalie extensions, docs/api.md): what an apply did or would do,
// a file's problems, and the project as a file. Closed objects, as every response schema.
import { z } from 'zod';
import type { ApplySummary } from '../project-file/apply-summary.js';

const status = z.enum(['created', 'changed', 'unchanged']).meta({ description: 'What the apply does to it.' });
const object = {
  name: z.string(),
  id: z.string().meta({ description: 'Its UUID (in a plan, the one it would get when created).' }),
  shortId: z.string().optional(),
  created: z.boolean(),
  status,
  changedFields: z
    .array(z.string())
    .optional()
    .meta({ description: 'When changed: the fields that differ from the stored ones, e.g. goal.' }),
};
const named = z.strictObject(object);
const names = z.array(z.string());

const applySummarySchema = z.strictObject({
  organization: z.strictObject(object),
  project: z.strictObject({ ...object, slug: z.string(), defaultTestPlan: z.string().nullable() }),
  applications: z.array(
    z.strictObject({
      ...object,
      environments: z.array(z.strictObject({ ...object, url: z.string(), default: z.boolean() })),
    }),
  ),
  devicePresets: z.array(named),
  configs: z.array(named),
  scenarios: z.array(named),
  testCases: z.array(
    z.strictObject({
      ...object,
      enabled: z.boolean(),
      generationStatus: z.string().meta({ description: 'GENERATING when a burn-in is (or would be) queued.' }),
      regenerate: z.boolean().meta({ description: 'Whether this apply queues (or would queue) its burn-in.' }),
    }),
  ),
  testPlans: z.array(z.strictObject({ ...object, default: z.boolean(), schedules: z.int() })),
  toGenerate: z.array(z.string()),
  leftAlone: z
    .strictObject({
      applications: names,
      devicePresets: names,
      configs: names,
      scenarios: names,
      testCases: names,
      testPlans: names,
    })
    .meta({ description: 'Stored objects the file does not mention: an apply never removes anything.' }),
  repository: z
    .strictObject({
      shortId: z.string(),
      host: z.enum(['github', 'gitlab']),
      repository: z.string(),
      auth: z.union([
        z.strictObject({ kind: z.literal('token') }),
        z.strictObject({ kind: z.literal('app'), appId: z.int(), installationId: z.int() }),
      ]),
      webhookUrl: z.string(),
      webhook: z.union([
        z.strictObject({ ok: z.literal(true), created: z.boolean(), id: z.string() }),
        z.strictObject({ ok: z.literal(false), error: z.string() }),
      ]),
    })
    .nullable()
    .meta({ description: 'The repository connection and its webhook; null in a plan or without one.' }),
});

export const projectFileAnswerSchema = z
  .strictObject({
    dryRun: z.boolean().meta({ description: 'true: a plan, nothing was changed.' }),
    file: z.string(),
    summary: applySummarySchema,
    defaultedVariables: names.meta({
      description: 'Variables the request did not give, so their ${NAME:-default} default was used.',
    }),
  })
  .meta({ description: 'What the apply did, or would do (a plan).' });

export const projectFileProblemsSchema = z
  .strictObject({
    message: z.string().meta({ description: 'Every problem, one per line.' }),
    problems: z
      .array(
        z.strictObject({
          where: z.string().meta({ description: 'file:line:column' }),
          path: z.string().meta({ description: 'The place in the document, e.g. testCases[2].application.' }),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ description: 'An error; a file that cannot be applied lists all its problems.' });

export const projectFileExportSchema = z
  .strictObject({
    file: z.string().meta({ description: 'A file name for it: <project slug>.goalie.yaml.' }),
    project: z.strictObject({ name: z.string(), slug: z.string() }).meta({ description: "The token's project." }),
    text: z.string().meta({ description: 'The project file that recreates the project (no secret values).' }),
  })
  .meta({ description: 'The project as a project file.' });

// The wire type and the one the server builds must stay the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const SUMMARY_MATCHES: Same<z.infer<typeof applySummarySchema>, ApplySummary> = true;
