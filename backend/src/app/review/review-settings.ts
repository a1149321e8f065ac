// The repository's review settings as the dashboard edits them: Review Context, Auto-run, Include
// Draft, Post Comment on Opened and Environment Mapping (the spec's "Integration settings"). The
// rest of the connection (host, repository, credentials, who may ask, the test plan) comes only from
// the project file. Saving checks everything first and writes nothing when anything is wrong; then,
// as `goalie apply` does, it creates or refreshes the webhook on the host.
import { connectRepository, type RepositorySummary } from '../apply-project.js';
import { hostApiRefusal } from '../apply/connect-repository.js';
import type { AppContext } from '../context.js';
import { BadRequest, NotFound } from '../errors.js';

/** Longer than this is no instruction for a review but a document; the file can link to one. */
export const REVIEW_CONTEXT_MAX = 20_000;
/** A hosting environment's name (`preview`, `review/feature-x`). */
export const ENVIRONMENT_NAME_MAX = 200;

export interface ReviewSettingsInput {
  reviewContext: string;
  autoRun: boolean;
  includeDrafts: boolean;
  postCommentOnOpened: boolean;
  /** Rows of the form; a row with neither an environment nor an application is ignored. */
  environments: { environment: string; applicationId: string }[];
}

export async function saveReviewSettings(
  ctx: AppContext,
  projectId: string,
  input: ReviewSettingsInput,
): Promise<RepositorySummary> {
  const connection = await ctx.store.reviews.connectionOfProject(projectId);
  if (!connection)
    throw new NotFound(
      'This project has no repository connected. Connect one with a repository: block in the project file and goalie apply.',
    );
  const applications = new Map((await ctx.store.catalog.applicationsOfProject(projectId)).map((a) => [a.id, a.name]));

  const problems: string[] = [];
  const reviewContext = input.reviewContext.trim();
  if (reviewContext.length > REVIEW_CONTEXT_MAX)
    problems.push(
      `The review context has ${reviewContext.length} characters; at most ${REVIEW_CONTEXT_MAX} are taken.`,
    );
  const seen = new Set<string>();
  const environmentMapping = input.environments
    .map((row) => ({ environment: row.environment.trim(), applicationId: row.applicationId.trim() }))
    .filter((row) => row.environment || row.applicationId);
  for (const row of environmentMapping) {
    if (!row.environment)
      problems.push(`An application (${applications.get(row.applicationId) ?? 'unknown'}) has no environment name.`);
    else if (row.environment.length > ENVIRONMENT_NAME_MAX)
      problems.push(
        `The environment name “${row.environment.slice(0, 40)}…” is longer than ${ENVIRONMENT_NAME_MAX} characters.`,
      );
    else if (seen.has(row.environment))
      problems.push(`The environment “${row.environment}” is mapped twice; an environment maps to one application.`);
    else if (!row.applicationId) problems.push(`The environment “${row.environment}” has no application.`);
    else if (!applications.has(row.applicationId))
      problems.push(`The environment “${row.environment}” names an application this project does not have.`);
    seen.add(row.environment);
  }
  // Saving calls the host (the webhook): not where its token may not go.
  const refused = await hostApiRefusal(ctx, connection);
  if (refused) problems.push(refused);
  if (problems.length > 0) throw new BadRequest(`Nothing was saved: ${problems.join(' ')}`);

  await ctx.store.reviews.updateReviewSettings(connection.id, {
    reviewContext: reviewContext || null,
    autoRun: input.autoRun,
    includeDrafts: input.includeDrafts,
    postCommentOnOpened: input.postCommentOnOpened,
    environmentMapping,
  });
  return connectRepository(ctx, connection.id);
}
