// The repository block: checked and turned into the connection that is stored; none when the file has none.
import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_HOST_API_URLS, type ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { hostApiUrlRefusal } from '../../domain/host-api-url.js';
import { randomSuffix } from '../../domain/short-id.js';
import type { NetworkAccess } from '../../domain/url-policy.js';
import type { ExistingProject, RepositoryWrite } from '../ports/projects-as-code.js';
import { namesNo, problemList, type Problem } from './planning.js';

export interface RepositoryPlan {
  repository: RepositoryWrite | null;
  problems: Problem[];
}

/** `reach`: what the project's network settings allow and Goalie's own ports, which the API URL is checked against. */
export function planRepository(
  doc: Pick<ProjectFile, 'repository' | 'project'>,
  existing: Pick<ExistingProject, 'repository'>,
  refs: { applicationByName: Map<string, string>; testPlanByName: Map<string, string> },
  reach: { access: NetworkAccess; ownPorts: readonly number[] },
): RepositoryPlan {
  const { problems, problem } = problemList();
  const r = doc.repository;
  if (!r) return { repository: null, problems };
  const projectLabel = `project ${doc.project.name}`;
  const at = (...rest: string[]) => ['repository', ...rest];
  const reviewTestPlanId = r.reviews.testPlan ? (refs.testPlanByName.get(r.reviews.testPlan) ?? null) : null;
  if (r.reviews.testPlan && !reviewTestPlanId)
    problem(at('reviews', 'testPlan'), namesNo('test plan', r.reviews.testPlan, projectLabel));
  const environmentMapping = Object.entries(r.reviews.environments).flatMap(([environment, appName]) => {
    const applicationId = refs.applicationByName.get(appName);
    if (!applicationId)
      problem(at('reviews', 'environments', environment), namesNo('application', appName, projectLabel));
    return applicationId ? [{ environment, applicationId }] : [];
  });
  const apiUrl = (r.url ?? DEFAULT_HOST_API_URLS[r.host]).replace(/\/+$/, '');
  // The repository's token goes there: never to an address a webhook could not reach.
  const refused = hostApiUrlRefusal(apiUrl, reach.access, reach.ownPorts);
  if (refused) problem(at('url'), `may not be used: ${refused}`);
  const repository: RepositoryWrite = {
    id: existing.repository?.id ?? randomUUID(),
    // Part of the webhook URL: random, so the URL alone does not tell which project it serves.
    shortId: existing.repository?.shortId ?? `repo_${randomSuffix(12)}`,
    host: r.host,
    apiUrl,
    repository: r.repository,
    credentials: r.credentials,
    // A new connection gets a generated secret; an existing one keeps its own unless the file sets one.
    webhookSecret: r.webhookSecret ?? (existing.repository ? undefined : randomBytes(24).toString('base64url')),
    reviewContext: r.reviews.context ?? null,
    autoRun: r.reviews.autoRun,
    includeDrafts: r.reviews.includeDrafts,
    postCommentOnOpened: r.reviews.postCommentOnOpened,
    mention: r.reviews.mention,
    minimumPermission: r.reviews.minimumPermission,
    allowForks: r.reviews.allowForks,
    reviewTestPlanId,
    environmentMapping,
  };
  return { repository, problems };
}
