// Who, which branch, which commit and which repository triggered a run, read from the CI system's
// environment: GitHub Actions (GITHUB_* and the event payload), GitLab CI (predefined variables),
// or one of the systems in providers.ts.
import type { StartRunRequest } from '../api/types.js';
import { CI_PROVIDERS } from './providers.js';

export type Attribution = Pick<StartRunRequest, 'actor' | 'branch' | 'commitHash' | 'commitMessage' | 'repository'>;

export interface DetectedCi {
  /** github, gitlab, or a `system` of CI_PROVIDERS. */
  system: string;
  /** As people call it: GitHub Actions, Jenkins, ... */
  name: string;
  attribution: Attribution;
}

type Env = Record<string, string | undefined>;

interface GitHubEvent {
  pull_request?: { head?: { ref?: string; sha?: string }; title?: string };
  head_commit?: { message?: string; id?: string } | null;
  commits?: { message?: string }[];
  sender?: { login?: string };
}

/** GitHub: for pull requests the head branch and head SHA, not the merge ref. */
export function githubAttribution(env: Env, event: GitHubEvent | null): Attribution {
  const pr = event?.pull_request;
  const branch =
    pr?.head?.ref ??
    (env.GITHUB_HEAD_REF || undefined) ??
    (env.GITHUB_REF?.startsWith('refs/heads/')
      ? env.GITHUB_REF.slice('refs/heads/'.length)
      : (env.GITHUB_REF_NAME ?? undefined));
  const commitMessage = event?.head_commit?.message ?? event?.commits?.at(-1)?.message ?? pr?.title ?? undefined;
  return clean({
    actor: env.GITHUB_ACTOR ?? event?.sender?.login,
    branch: branch || undefined,
    commitHash: pr?.head?.sha ?? env.GITHUB_SHA,
    commitMessage,
    repository: env.GITHUB_REPOSITORY,
  });
}

export function gitlabAttribution(env: Env): Attribution {
  return clean({
    actor: env.GITLAB_USER_LOGIN,
    branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME,
    commitHash: env.CI_COMMIT_SHA,
    commitMessage: env.CI_COMMIT_MESSAGE?.trimEnd(),
    repository: env.CI_PROJECT_PATH,
  });
}

function clean(a: Attribution): Attribution {
  return Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v === 'string' && v.length > 0));
}

/** The CI system this process runs in, or null. `readEvent` reads GITHUB_EVENT_PATH (injected for tests). */
export function detectCi(env: Env, readEvent: (path: string) => string | null): DetectedCi | null {
  if (env.GITHUB_ACTIONS === 'true') {
    let event: GitHubEvent | null;
    const text = env.GITHUB_EVENT_PATH ? readEvent(env.GITHUB_EVENT_PATH) : null;
    try {
      event = text ? (JSON.parse(text) as GitHubEvent) : null;
    } catch {
      event = null;
    }
    return { system: 'github', name: 'GitHub Actions', attribution: githubAttribution(env, event) };
  }
  if (env.GITLAB_CI === 'true') return { system: 'gitlab', name: 'GitLab CI', attribution: gitlabAttribution(env) };
  const provider = CI_PROVIDERS.find((p) => p.detect(env));
  return provider
    ? { system: provider.system, name: provider.name, attribution: clean(provider.attribution(env)) }
    : null;
}
