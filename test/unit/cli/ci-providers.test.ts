// CI detection beyond GitHub Actions and GitLab CI (shared/src/ci/providers.ts): for each system,
// the variables its documentation lists for a typical build, and the attribution read from them;
// pull request builds name the head branch and commit, not the target or the merge commit.
import { expect } from 'chai';
import { detectCi } from '../../../shared/src/ci/attribution.js';
import { repositoryFromUrl } from '../../../shared/src/ci/providers.js';

const SHA = '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e';
const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const noEvent = () => null;

const cases: {
  title: string;
  env: Record<string, string>;
  system: string;
  name: string;
  attribution: Record<string, string>;
}[] = [
  {
    title: 'CircleCI',
    env: {
      CI: 'true',
      CIRCLECI: 'true',
      CIRCLE_USERNAME: 'ada',
      CIRCLE_BRANCH: 'feature/cart',
      CIRCLE_SHA1: SHA,
      CIRCLE_PROJECT_USERNAME: 'shop',
      CIRCLE_PROJECT_REPONAME: 'storefront',
    },
    system: 'circleci',
    name: 'CircleCI',
    attribution: { actor: 'ada', branch: 'feature/cart', commitHash: SHA, repository: 'shop/storefront' },
  },
  {
    title: 'Buildkite',
    env: {
      CI: 'true',
      BUILDKITE: 'true',
      BUILDKITE_BUILD_CREATOR: 'Ada Lovelace',
      BUILDKITE_BUILD_AUTHOR: 'Someone Else',
      BUILDKITE_BRANCH: 'feature/cart',
      BUILDKITE_COMMIT: SHA,
      BUILDKITE_MESSAGE: 'Add the cart page\n',
      BUILDKITE_REPO: 'git@github.com:shop/storefront.git',
    },
    system: 'buildkite',
    name: 'Buildkite',
    attribution: {
      actor: 'Ada Lovelace',
      branch: 'feature/cart',
      commitHash: SHA,
      commitMessage: 'Add the cart page',
      repository: 'shop/storefront',
    },
  },
  {
    title: 'Buildkite before the commit is resolved (BUILDKITE_COMMIT=HEAD)',
    env: {
      BUILDKITE: 'true',
      BUILDKITE_BRANCH: 'main',
      BUILDKITE_COMMIT: 'HEAD',
      BUILDKITE_REPO: 'https://github.com/shop/storefront.git',
    },
    system: 'buildkite',
    name: 'Buildkite',
    attribution: { branch: 'main', repository: 'shop/storefront' },
  },
  {
    title: 'Azure Pipelines, a push',
    env: {
      TF_BUILD: 'True',
      BUILD_REQUESTEDFOR: 'Ada Lovelace',
      BUILD_SOURCEBRANCH: 'refs/heads/feature/cart',
      BUILD_SOURCEVERSION: SHA,
      BUILD_SOURCEVERSIONMESSAGE: 'Add the cart page',
      BUILD_REPOSITORY_NAME: 'shop/storefront',
    },
    system: 'azure',
    name: 'Azure Pipelines',
    attribution: {
      actor: 'Ada Lovelace',
      branch: 'feature/cart',
      commitHash: SHA,
      commitMessage: 'Add the cart page',
      repository: 'shop/storefront',
    },
  },
  {
    title: 'Azure Pipelines, a pull request: the source branch and commit, not the merge',
    env: {
      TF_BUILD: 'True',
      BUILD_REQUESTEDFOR: 'Ada Lovelace',
      BUILD_SOURCEBRANCH: 'refs/pull/7/merge',
      BUILD_SOURCEVERSION: SHA,
      BUILD_SOURCEVERSIONMESSAGE: 'Merge pull request 7 into main',
      SYSTEM_PULLREQUEST_SOURCEBRANCH: 'refs/heads/feature/cart',
      SYSTEM_PULLREQUEST_SOURCECOMMITID: HEAD,
      BUILD_REPOSITORY_NAME: 'storefront',
    },
    system: 'azure',
    name: 'Azure Pipelines',
    attribution: { actor: 'Ada Lovelace', branch: 'feature/cart', commitHash: HEAD, repository: 'storefront' },
  },
  {
    title: 'Bitbucket Pipelines',
    env: {
      CI: 'true',
      BITBUCKET_BUILD_NUMBER: '42',
      BITBUCKET_COMMIT: SHA,
      BITBUCKET_BRANCH: 'feature/cart',
      BITBUCKET_REPO_FULL_NAME: 'shop/storefront',
      BITBUCKET_STEP_TRIGGERER_UUID: '{0f6b5e1a-0000-4000-8000-000000000000}',
    },
    system: 'bitbucket',
    name: 'Bitbucket Pipelines',
    attribution: { branch: 'feature/cart', commitHash: SHA, repository: 'shop/storefront' },
  },
  {
    title: 'Travis CI, a push',
    env: {
      CI: 'true',
      TRAVIS: 'true',
      TRAVIS_BRANCH: 'main',
      TRAVIS_COMMIT: SHA,
      TRAVIS_COMMIT_MESSAGE: 'Add the cart page',
      TRAVIS_REPO_SLUG: 'shop/storefront',
      TRAVIS_PULL_REQUEST: 'false',
      TRAVIS_PULL_REQUEST_BRANCH: '',
      TRAVIS_PULL_REQUEST_SHA: '',
    },
    system: 'travis',
    name: 'Travis CI',
    attribution: { branch: 'main', commitHash: SHA, commitMessage: 'Add the cart page', repository: 'shop/storefront' },
  },
  {
    title: 'Travis CI, a pull request: the head branch and commit',
    env: {
      TRAVIS: 'true',
      TRAVIS_BRANCH: 'main',
      TRAVIS_COMMIT: SHA,
      TRAVIS_COMMIT_MESSAGE: 'Merge into main',
      TRAVIS_REPO_SLUG: 'shop/storefront',
      TRAVIS_PULL_REQUEST: '7',
      TRAVIS_PULL_REQUEST_BRANCH: 'feature/cart',
      TRAVIS_PULL_REQUEST_SHA: HEAD,
    },
    system: 'travis',
    name: 'Travis CI',
    attribution: { branch: 'feature/cart', commitHash: HEAD, repository: 'shop/storefront' },
  },
  {
    title: 'Woodpecker CI (which also sets DRONE_* variables)',
    env: {
      CI: 'woodpecker',
      DRONE: 'true',
      CI_COMMIT_AUTHOR: 'ada',
      CI_COMMIT_BRANCH: 'main',
      CI_COMMIT_SOURCE_BRANCH: 'feature/cart',
      CI_COMMIT_SHA: SHA,
      CI_COMMIT_MESSAGE: 'Add the cart page\n',
      CI_REPO: 'shop/storefront',
    },
    system: 'woodpecker',
    name: 'Woodpecker CI',
    attribution: {
      actor: 'ada',
      branch: 'feature/cart',
      commitHash: SHA,
      commitMessage: 'Add the cart page',
      repository: 'shop/storefront',
    },
  },
  {
    title: 'Drone',
    env: {
      CI: 'true',
      DRONE: 'true',
      DRONE_COMMIT_AUTHOR: 'ada',
      DRONE_BRANCH: 'main',
      DRONE_SOURCE_BRANCH: 'feature/cart',
      DRONE_COMMIT_SHA: SHA,
      DRONE_COMMIT_MESSAGE: 'Add the cart page',
      DRONE_REPO: 'shop/storefront',
    },
    system: 'drone',
    name: 'Drone',
    attribution: {
      actor: 'ada',
      branch: 'feature/cart',
      commitHash: SHA,
      commitMessage: 'Add the cart page',
      repository: 'shop/storefront',
    },
  },
  {
    title: 'Jenkins with the Git plugin (GIT_BRANCH names the remote)',
    env: {
      JENKINS_URL: 'https://ci.example.com/',
      GIT_BRANCH: 'origin/feature/cart',
      GIT_COMMIT: SHA,
      GIT_URL: 'https://github.com/shop/storefront.git',
    },
    system: 'jenkins',
    name: 'Jenkins',
    attribution: { branch: 'feature/cart', commitHash: SHA, repository: 'shop/storefront' },
  },
  {
    title: 'Jenkins multibranch pull request: the change branch and author',
    env: {
      JENKINS_URL: 'https://ci.example.com/',
      BRANCH_NAME: 'PR-7',
      CHANGE_BRANCH: 'feature/cart',
      CHANGE_AUTHOR: 'ada',
      GIT_COMMIT: SHA,
      GIT_URL: 'git@github.com:shop/storefront.git',
    },
    system: 'jenkins',
    name: 'Jenkins',
    attribution: { actor: 'ada', branch: 'feature/cart', commitHash: SHA, repository: 'shop/storefront' },
  },
  {
    title: 'TeamCity: only the commit is in the environment',
    env: { TEAMCITY_VERSION: '2024.12', BUILD_VCS_NUMBER: SHA },
    system: 'teamcity',
    name: 'TeamCity',
    attribution: { commitHash: SHA },
  },
];

describe('CI detection: the other CI systems', () => {
  for (const c of cases) {
    it(c.title, () => {
      expect(detectCi(c.env, noEvent)).to.deep.equal({ system: c.system, name: c.name, attribution: c.attribution });
    });
  }

  it('GitHub Actions and GitLab CI win over variables other systems also set', () => {
    expect(
      detectCi({ GITHUB_ACTIONS: 'true', GITHUB_SHA: SHA, JENKINS_URL: 'https://ci.example.com/' }, noEvent)?.system,
    ).to.equal('github');
    expect(
      detectCi({ GITLAB_CI: 'true', CI_COMMIT_SHA: SHA, CI: 'woodpecker', TF_BUILD: 'True' }, noEvent)?.system,
    ).to.equal('gitlab');
  });

  it('a detected system without any attribution variable sends an empty attribution, not empty strings', () => {
    expect(detectCi({ CIRCLECI: 'true', CIRCLE_BRANCH: '', CIRCLE_USERNAME: '' }, noEvent)).to.deep.equal({
      system: 'circleci',
      name: 'CircleCI',
      attribution: {},
    });
  });

  it('no system: CI=true alone, or TF_BUILD=false, is not a CI system Goalie knows', () => {
    expect(detectCi({ CI: 'true' }, noEvent)).to.equal(null);
    expect(detectCi({ TF_BUILD: 'false', CIRCLECI: 'false', TRAVIS: '' }, noEvent)).to.equal(null);
  });

  it('repositoryFromUrl: owner/name from HTTPS and SSH clone URLs, nothing from a bare name', () => {
    expect(repositoryFromUrl('https://github.com/shop/storefront.git')).to.equal('shop/storefront');
    expect(repositoryFromUrl('https://gitlab.example.com/group/storefront/')).to.equal('group/storefront');
    expect(repositoryFromUrl('git@bitbucket.org:shop/storefront.git')).to.equal('shop/storefront');
    expect(repositoryFromUrl('ssh://git@host:2222/shop/storefront.git')).to.equal('shop/storefront');
    expect(repositoryFromUrl('storefront')).to.equal(undefined);
    expect(repositoryFromUrl(undefined)).to.equal(undefined);
  });
});
