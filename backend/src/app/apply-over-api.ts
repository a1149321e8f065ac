// A project file sent over the API (`goalie apply --api-url`, the client bundle in CI): planned (a dry
// run, for a token of the plan scope or wider) or applied (the admin scope), for the token's project.
// The file is read as `goalie apply` reads it, with the sender's variables in place of an
// environment: the server's own environment never fills a `${NAME}` of a file that came from outside.
import {
  loadProjectFile,
  ProjectFileError,
  type FileProblem,
  type LoadedProjectFile,
} from '../../../shared/src/project-file/load.js';
import type { ProjectFileAnswer } from '../../../shared/src/api/project-file-types.js';
import type { ApplySummary } from '../../../shared/src/project-file/apply-summary.js';
import type { ProjectFile } from '../../../shared/src/project-file/schema.js';
import { applyProject, ProjectInvalid } from './apply-project.js';
import type { AppContext } from './context.js';
import { AppError, Forbidden } from './errors.js';
import type { Caller } from './records.js';
import { requireScope } from './tokens.js';

/** Larger than any project file we have seen by a wide margin, and far below the body limit. */
export const PROJECT_FILE_MAX_BYTES = 512 * 1024;

export interface ProjectFileInput {
  /** The file's name as the sender knows it: only in messages. */
  file: string;
  text: string;
  /** `${NAME}` values from where the sender runs; the only ones a file sent over the API can use. */
  variables: Record<string, string>;
}

/** A file with problems: every one, with its line, column and path, in the answer's `problems`. */
export class ProjectFileRefused extends AppError {
  readonly problems: ProjectFileError['problems'];
  constructor(status: 400 | 403, error: ProjectFileError) {
    super(status, error.message);
    this.problems = error.problems;
  }
}

export async function applyOverApi(
  ctx: AppContext,
  caller: Caller,
  input: ProjectFileInput,
  { dryRun }: { dryRun: boolean },
): Promise<ProjectFileAnswer> {
  // A plan writes nothing: a merge request's pipeline may hold a token that plans but cannot apply.
  if (dryRun) requireScope(caller, 'plan', 'plan a project file');
  else requireScope(caller, 'admin', 'apply a project file');
  const bytes = Buffer.byteLength(input.text, 'utf8');
  if (bytes > PROJECT_FILE_MAX_BYTES)
    throw new AppError(
      413,
      `${input.file} is ${Math.ceil(bytes / 1024)} KB; the API takes project files up to ${PROJECT_FILE_MAX_BYTES / 1024} KB. Split its test cases into another project, or apply it on the server with goalie apply.`,
    );
  let loaded: LoadedProjectFile;
  try {
    loaded = loadProjectFile(input.file, input.text, input.variables);
  } catch (error) {
    if (error instanceof ProjectFileError) throw new ProjectFileRefused(400, error);
    throw error;
  }
  requireOwnProject(caller, loaded.doc);
  await requireOperatorSettingsKept(ctx, caller, loaded);
  let summary: ApplySummary;
  try {
    summary = await applyProject(ctx, loaded.doc, { dryRun });
  } catch (error) {
    if (error instanceof ProjectInvalid) throw new ProjectFileRefused(400, loaded.fail(error.problems));
    throw error;
  }
  return { dryRun, file: input.file, summary, defaultedVariables: loaded.defaulted };
}

/** A token acts for its own project: a file that names another one is refused before it is planned. */
function requireOwnProject(caller: Caller, doc: ProjectFile): void {
  const { organization, project } = caller;
  if (doc.organization.name === organization.name && doc.project.name === project.name) return;
  throw new Forbidden(
    `The file declares project ${JSON.stringify(doc.project.name)} of organization ${JSON.stringify(doc.organization.name)}, but this token belongs to project ${JSON.stringify(project.name)} of organization ${JSON.stringify(organization.name)}. A token applies its own project's file only: use a token of the project the file declares, or correct organization.name and project.name. Renaming a project or creating one is done on the server (goalie apply).`,
  );
}

/**
 * What the server's operator decides, not a project's admins: the organization's usage limit and
 * suspension, and which private or loopback addresses the browser may reach (docs/security.md). Over
 * the API a file may repeat the stored value (an exported file applies as it is) but not change it.
 */
async function requireOperatorSettingsKept(ctx: AppContext, caller: Caller, loaded: LoadedProjectFile): Promise<void> {
  const { doc } = loaded;
  // Read now, not from the token's cached caller: the operator may have just changed them.
  const organization = (await ctx.store.organizations.findById(caller.organization.id))!;
  const project = (await ctx.store.projects.findById(caller.project.id))!;
  const { network } = await ctx.store.projects.browserAccess(caller.project.id);
  const changed: FileProblem[] = [];
  const check = (path: string[], value: unknown, stored: unknown) => {
    if (value === undefined || value === stored) return;
    const now = stored === null ? "unset (the server's default)" : JSON.stringify(stored);
    changed.push({
      path,
      message: `is ${now} on the server, and only the server's operator changes it: leave it out of the file (or write the stored value), or have the file applied on the server with goalie apply`,
    });
  };
  check(['organization', 'usageLimit'], doc.organization.usageLimit, organization.usageLimit);
  check(['organization', 'suspended'], doc.organization.suspended, organization.suspended);
  check(['project', 'network', 'allowLoopback'], doc.project.network?.allowLoopback, network.allowLoopback);
  check(['project', 'network', 'allowPrivate'], doc.project.network?.allowPrivate, network.allowPrivate);
  // The slug is in every link to the project's pages and in every `--project`: renaming is the server's.
  check(['project', 'slug'], doc.project.slug, project.slug);
  if (changed.length) throw new ProjectFileRefused(403, loaded.fail(changed));
  // Left out, they keep what the operator stored: an apply from the server writes the file's network
  // every time (left out: the server's default), which here would undo the operator's choice.
  const kept = Object.fromEntries(
    (['allowLoopback', 'allowPrivate'] as const).flatMap((key) =>
      network[key] === null ? [] : [[key, doc.project.network?.[key] ?? network[key]]],
    ),
  );
  if (Object.keys(kept).length) doc.project.network = { ...doc.project.network, ...kept };
}
