// URLs from outside on the real service: deployment statuses, pull and merge requests and review
// requests delivered as GitHub and GitLab send them keep a URL only when it is http(s) without a user
// or password; and the pages that show reviews link only such URLs, also for rows stored before.
import { expect } from 'chai';
import { shopProject } from '../fixtures/projects.js';
import { adminFetch } from '../helpers/dashboard.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startFakeGitLab, type FakeGitLab } from '../helpers/fake-gitlab.js';
import {
  applyReviewProject,
  deliverGitHub,
  deliverGitLab,
  GITHUB_SECRET,
  GITHUB_TOKEN,
  GITHUB_BOT,
  GITLAB_SECRET,
  githubPayloads as gh,
  gitlabPayloads as gl,
  reviewsOf,
  sha,
  sql,
  type ReviewProject,
} from '../helpers/review-harness.js';
import { connectRepository, writeReview } from '../helpers/review-rows.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** Written by whoever may create a deployment or open a change request. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'https://user:secret-password@preview.example.com/',
];

/** Every href, src and action of a page, as the browser reads them. */
function linksIn(html: string): string[] {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
  return tags.flatMap((tag) =>
    [...tag.matchAll(/\s(?:href|src|action|formaction)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) =>
      decode(m[1] ?? m[2] ?? m[3] ?? ''),
    ),
  );
}

/** Links that go anywhere but this site or an http(s) URL without credentials. */
function unsafeLinks(html: string): string[] {
  return linksIn(html).filter((link) => {
    if (/^[/?#]/.test(link) && !link.startsWith('//')) return false;
    try {
      const url = new URL(link);
      return !['http:', 'https:'].includes(url.protocol) || Boolean(url.username || url.password);
    } catch {
      return true;
    }
  });
}

const page = async (service: TestService, path: string) => {
  const res = await adminFetch(service, path);
  expect(res.status, path).to.equal(200);
  return res.text();
};

describe('URLs from outside are kept and linked only when they are http(s)', function () {
  this.timeout(120_000);
  let service: TestService;
  let github: FakeGitHub;
  let gitlab: FakeGitLab;
  let onGitHub: ReviewProject;
  let onGitLab: ReviewProject;

  before(async () => {
    [github, gitlab, service] = await Promise.all([
      startFakeGitHub({ tokens: { [GITHUB_TOKEN]: GITHUB_BOT } }),
      startFakeGitLab(),
      startTestService(),
    ]);
    github.addRepo('acme/links');
    gitlab.addProject('acme/links');
    const common = { webhookSecret: '', stagingUrl: 'https://staging.example.com' };
    onGitHub = await applyReviewProject(service, {
      ...common,
      name: 'links-github',
      host: 'github',
      hostUrl: github.url,
      repository: 'acme/links',
      token: GITHUB_TOKEN,
      webhookSecret: GITHUB_SECRET,
    });
    onGitLab = await applyReviewProject(service, {
      ...common,
      name: 'links-gitlab',
      host: 'gitlab',
      hostUrl: gitlab.url,
      repository: 'acme/links',
      token: gitlab.token,
      webhookSecret: GITLAB_SECRET,
    });
  });
  after(async () => {
    await service?.close();
    await Promise.all([github?.close(), gitlab?.close()]);
  });

  const storedDeployments = (project: ReviewProject) =>
    sql<{ url: string }>(service, 'SELECT url FROM host_deployments WHERE connection_id = $1 ORDER BY created_at', [
      project.connectionId,
    ]);

  it('GitHub: a deployment status whose URL is no http(s) URL is not stored, and the review page links none', async () => {
    const commit = sha();
    const variants = HOSTILE.flatMap((url) => {
      const environmentUrl = gh.deploymentStatus('acme/links', { sha: commit, environment: 'preview', url });
      const targetUrl = gh.deploymentStatus('acme/links', { sha: commit, environment: 'preview', url });
      targetUrl.deployment_status.environment_url = '';
      const webUrl = gh.deploymentStatus('acme/links', { sha: commit, environment: 'preview', url: '' });
      webUrl.deployment.payload = { web_url: url };
      return [environmentUrl, targetUrl, webUrl];
    });
    for (const payload of variants) {
      const answer = await deliverGitHub(service, onGitHub.connection, GITHUB_SECRET, 'deployment_status', payload);
      expect(answer.status).to.equal(200);
      expect(answer.body.message).to.match(/^ignored: .*not an http\(s\) URL/);
    }
    expect(await storedDeployments(onGitHub)).to.deep.equal([]);

    const opened = gh.pullRequest('acme/links', 'opened', { number: 1, branch: 'feature', sha: commit });
    opened.pull_request.html_url = 'javascript:alert(1)';
    expect((await deliverGitHub(service, onGitHub.connection, GITHUB_SECRET, 'pull_request', opened)).status).to.equal(
      200,
    );
    const [review] = await reviewsOf(service, onGitHub.connectionId, 1);
    expect(review).to.include({ status: 'WAITING', change_request_url: null });
    const html = await page(service, `/reviews/${review!.short_id}`);
    expect(unsafeLinks(html)).to.deep.equal([]);
    expect(unsafeLinks(await page(service, '/p/links-github/reviews'))).to.deep.equal([]);

    // An http(s) URL is kept and linked as given.
    const good = gh.deploymentStatus('acme/links', {
      sha: commit,
      environment: 'preview',
      url: 'HTTPS://Preview.Example.com/PR-1',
    });
    await deliverGitHub(service, onGitHub.connection, GITHUB_SECRET, 'deployment_status', good);
    expect(await storedDeployments(onGitHub)).to.deep.equal([{ url: 'HTTPS://Preview.Example.com/PR-1' }]);
    const [queued] = await reviewsOf(service, onGitHub.connectionId, 1);
    expect(queued!.status).to.equal('QUEUED');
    expect(await page(service, `/reviews/${review!.short_id}`)).to.include('href="HTTPS://Preview.Example.com/PR-1"');
  });

  it('GitHub: a review request whose preview URL holds a password starts nothing', async () => {
    const comment = gh.issueComment(
      'acme/links',
      2,
      '@goalie please review https://user:secret-password@preview.example.com/',
      'octocat',
    );
    const answer = await deliverGitHub(service, onGitHub.connection, GITHUB_SECRET, 'issue_comment', comment);
    expect(answer.body.message).to.match(/user name or password/);
    expect(await reviewsOf(service, onGitHub.connectionId, 2)).to.deep.equal([]);
  });

  it('GitLab: a deployment or merge request URL that is no http(s) URL is not stored, and the review page links none', async () => {
    const commit = sha();
    for (const url of HOSTILE) {
      const payload = gl.deployment('acme/links', gitlab.url, { sha: commit, environment: 'preview', url });
      const answer = await deliverGitLab(service, onGitLab.connection, GITLAB_SECRET, 'Deployment Hook', payload);
      expect(answer.status).to.equal(200);
      expect(answer.body.message).to.match(/^ignored: .*not an http\(s\) URL/);
    }
    expect(await storedDeployments(onGitLab)).to.deep.equal([]);

    const opened = gl.mergeRequest('acme/links', gitlab.url, 'open', { iid: 3, branch: 'feature', sha: commit });
    opened.object_attributes.url = 'JaVaScRiPt:alert(1)';
    await deliverGitLab(service, onGitLab.connection, GITLAB_SECRET, 'Merge Request Hook', opened);
    const [review] = await reviewsOf(service, onGitLab.connectionId, 3);
    expect(review).to.include({ status: 'WAITING', change_request_url: null });
    expect(unsafeLinks(await page(service, `/reviews/${review!.short_id}`))).to.deep.equal([]);
    expect(unsafeLinks(await page(service, '/p/links-gitlab/reviews'))).to.deep.equal([]);
  });

  it('rows stored before these checks show their URLs as text, never as links', async () => {
    const shop = await service.apply(shopProject());
    const application = shop.applications[0]!;
    const connection = await connectRepository(service, shop.project.id, { applicationId: application.id });
    const shortId = await writeReview(service, connection, {
      number: 9,
      status: 'COMPLETED',
      verdict: 'Comment',
      deploymentUrls: HOSTILE.map((url) => ({ applicationId: application.id, url, environment: 'preview' })),
      exploration: {
        pagesVisited: HOSTILE,
        unreachable: false,
        findings: HOSTILE.map((url) => ({
          severity: 'minor' as const,
          kind: 'broken-link' as const,
          title: 'A broken link',
          page: url,
          evidence: '<a href="/gone">gone</a>',
        })),
      },
    });
    await sql(service, `UPDATE reviews SET change_request_url = 'javascript:alert(1)' WHERE short_id = $1`, [shortId]);
    const html = await page(service, `/reviews/${shortId}`);
    expect(unsafeLinks(html)).to.deep.equal([]);
    expect(html, 'the URL is still shown, as text').to.include('vbscript:msgbox(1)');
    expect(unsafeLinks(await page(service, '/p/shop/reviews'))).to.deep.equal([]);
  });
});
