// CI systems other than GitHub Actions and GitLab CI, read from their documented environment
// variables only: no git commands and no files, so the client bundle stays small and a run's
// attribution never depends on what the checkout left behind. A field a system does not expose is
// left out. (env-ci covers more systems, but shells out to git through execa and names no actor.)
import type { Attribution } from './attribution.js';

type Env = Record<string, string | undefined>;

export interface CiProvider {
  system: string;
  name: string;
  detect(env: Env): boolean;
  attribution(env: Env): Attribution;
}

/** `refs/heads/x` → `x`; other values unchanged. */
const branchOf = (ref: string | undefined) => (ref?.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref);

/** `owner/name` from a clone URL (https://host/owner/name.git, git@host:owner/name.git), else undefined. */
export function repositoryFromUrl(url: string | undefined): string | undefined {
  const match = /[/:]([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(url ?? '');
  return match?.[1];
}

const first = (...values: (string | undefined)[]) => values.find((v) => v !== undefined && v !== '');

/** In the order tried: the first whose `detect` holds names the run. */
export const CI_PROVIDERS: readonly CiProvider[] = [
  {
    // https://circleci.com/docs/variables/#built-in-environment-variables
    system: 'circleci',
    name: 'CircleCI',
    detect: (env) => env.CIRCLECI === 'true',
    attribution: (env) => ({
      actor: env.CIRCLE_USERNAME,
      branch: env.CIRCLE_BRANCH,
      commitHash: env.CIRCLE_SHA1,
      repository:
        env.CIRCLE_PROJECT_USERNAME && env.CIRCLE_PROJECT_REPONAME
          ? `${env.CIRCLE_PROJECT_USERNAME}/${env.CIRCLE_PROJECT_REPONAME}`
          : undefined,
    }),
  },
  {
    // https://buildkite.com/docs/pipelines/environment-variables (BUILDKITE_COMMIT may be "HEAD" for a build not yet resolved)
    system: 'buildkite',
    name: 'Buildkite',
    detect: (env) => env.BUILDKITE === 'true',
    attribution: (env) => ({
      actor: first(env.BUILDKITE_BUILD_CREATOR, env.BUILDKITE_BUILD_AUTHOR),
      branch: env.BUILDKITE_BRANCH,
      commitHash: env.BUILDKITE_COMMIT === 'HEAD' ? undefined : env.BUILDKITE_COMMIT,
      commitMessage: env.BUILDKITE_MESSAGE?.trimEnd(),
      repository: repositoryFromUrl(env.BUILDKITE_REPO),
    }),
  },
  {
    // https://learn.microsoft.com/azure/devops/pipelines/build/variables: for pull requests
    // BUILD_SOURCEVERSION is the merge commit, SYSTEM_PULLREQUEST_SOURCECOMMITID the head commit.
    system: 'azure',
    name: 'Azure Pipelines',
    detect: (env) => env.TF_BUILD?.toLowerCase() === 'true',
    attribution: (env) => ({
      actor: env.BUILD_REQUESTEDFOR,
      branch: branchOf(first(env.SYSTEM_PULLREQUEST_SOURCEBRANCH, env.BUILD_SOURCEBRANCH)),
      commitHash: first(env.SYSTEM_PULLREQUEST_SOURCECOMMITID, env.BUILD_SOURCEVERSION),
      commitMessage: env.SYSTEM_PULLREQUEST_SOURCECOMMITID ? undefined : env.BUILD_SOURCEVERSIONMESSAGE?.trimEnd(),
      repository: env.BUILD_REPOSITORY_NAME,
    }),
  },
  {
    // https://support.atlassian.com/bitbucket-cloud/docs/variables-and-secrets/ (the triggering
    // user is only a UUID there, so no actor)
    system: 'bitbucket',
    name: 'Bitbucket Pipelines',
    detect: (env) => Boolean(env.BITBUCKET_BUILD_NUMBER && env.BITBUCKET_COMMIT),
    attribution: (env) => ({
      branch: env.BITBUCKET_BRANCH,
      commitHash: env.BITBUCKET_COMMIT,
      repository: env.BITBUCKET_REPO_FULL_NAME,
    }),
  },
  {
    // https://docs.travis-ci.com/user/environment-variables/#default-environment-variables: for pull
    // requests TRAVIS_BRANCH is the target branch and TRAVIS_COMMIT the merge commit.
    system: 'travis',
    name: 'Travis CI',
    detect: (env) => env.TRAVIS === 'true',
    attribution: (env) => ({
      branch: first(env.TRAVIS_PULL_REQUEST_BRANCH, env.TRAVIS_BRANCH),
      commitHash: first(env.TRAVIS_PULL_REQUEST_SHA, env.TRAVIS_COMMIT),
      commitMessage: env.TRAVIS_PULL_REQUEST_SHA ? undefined : env.TRAVIS_COMMIT_MESSAGE?.trimEnd(),
      repository: env.TRAVIS_REPO_SLUG,
    }),
  },
  {
    // https://woodpecker-ci.org/docs/usage/environment (checked before Drone: Woodpecker also sets
    // some DRONE_* variables for compatibility)
    system: 'woodpecker',
    name: 'Woodpecker CI',
    detect: (env) => env.CI === 'woodpecker',
    attribution: (env) => ({
      actor: env.CI_COMMIT_AUTHOR,
      branch: first(env.CI_COMMIT_SOURCE_BRANCH, env.CI_COMMIT_BRANCH),
      commitHash: env.CI_COMMIT_SHA,
      commitMessage: env.CI_COMMIT_MESSAGE?.trimEnd(),
      repository: env.CI_REPO,
    }),
  },
  {
    // https://docs.drone.io/pipeline/environment/reference/
    system: 'drone',
    name: 'Drone',
    detect: (env) => env.DRONE === 'true',
    attribution: (env) => ({
      actor: env.DRONE_COMMIT_AUTHOR,
      branch: first(env.DRONE_SOURCE_BRANCH, env.DRONE_BRANCH),
      commitHash: env.DRONE_COMMIT_SHA,
      commitMessage: env.DRONE_COMMIT_MESSAGE?.trimEnd(),
      repository: env.DRONE_REPO,
    }),
  },
  {
    // https://www.jenkins.io/doc/book/pipeline/jenkinsfile/#using-environment-variables and the Git
    // plugin's GIT_* variables; for multibranch pull requests CHANGE_BRANCH is the source branch.
    // GIT_BRANCH names the remote too (origin/main).
    system: 'jenkins',
    name: 'Jenkins',
    detect: (env) => Boolean(env.JENKINS_URL),
    attribution: (env) => ({
      actor: first(env.CHANGE_AUTHOR, env.BUILD_USER_ID),
      branch: first(env.CHANGE_BRANCH, env.BRANCH_NAME, env.GIT_LOCAL_BRANCH, env.GIT_BRANCH?.replace(/^origin\//, '')),
      commitHash: env.GIT_COMMIT,
      repository: repositoryFromUrl(env.GIT_URL),
    }),
  },
  {
    // https://www.jetbrains.com/help/teamcity/predefined-build-parameters.html: only the commit is an
    // environment variable; the branch lives in a properties file, which is not read.
    system: 'teamcity',
    name: 'TeamCity',
    detect: (env) => Boolean(env.TEAMCITY_VERSION),
    attribution: (env) => ({ commitHash: env.BUILD_VCS_NUMBER }),
  },
];
