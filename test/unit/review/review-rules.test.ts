import { expect } from 'chai';
import { commentMarker, hasMarker } from '../../../backend/src/domain/review/comment-marker.js';
import { deploymentsReady, environmentMatches } from '../../../backend/src/domain/review/readiness.js';
import { findReviewRequest } from '../../../backend/src/domain/review/review-request.js';
import { reviewVerdict, type VerdictInput } from '../../../backend/src/domain/review/verdict.js';

describe('review requests in comments', () => {
  const table: [string, string | null][] = [
    ['@goalie https://pr-42.preview.example.com', 'https://pr-42.preview.example.com'],
    ['@Goalie please review https://pr-42.preview.example.com/shop?x=1.', 'https://pr-42.preview.example.com/shop?x=1'],
    ['Hey @GOALIE, the preview is at <https://preview.example.com>', 'https://preview.example.com'],
    ['https://preview.example.com looks good, @goalie', 'https://preview.example.com'],
    ['@goalie http://[::1]:8080/shop', 'http://[::1]:8080/shop'],
    ['@goalie [preview](http://[fd00:ec2::254]/latest).', 'http://[fd00:ec2::254]/latest'],
    ['@goalie [preview](https://preview.example.com/a)', 'https://preview.example.com/a'],
    ['@goalie please review', null],
    ['please review https://preview.example.com', null],
    ['@goalie-bot https://preview.example.com', null],
    ['mail me@goalie.dev https://preview.example.com', null],
    [`${commentMarker(7)}\n@goalie https://preview.example.com`, null],
  ];
  for (const [body, url] of table) {
    it(`${JSON.stringify(body)} → ${url ?? 'no request'}`, () =>
      expect(findReviewRequest(body, '@goalie')?.url ?? null).to.equal(url));
  }
  it('uses the configured mention', () => {
    expect(findReviewRequest('/qa https://p.example.com', '/qa')).to.deep.equal({ url: 'https://p.example.com' });
    expect(findReviewRequest('@goalie https://p.example.com', '/qa')).to.equal(null);
  });
});

describe('comment marker', () => {
  it('finds its own comment per change request only', () => {
    const body = `Review in progress\n${commentMarker(12)}`;
    expect(hasMarker(body, 12)).to.equal(true);
    expect(hasMarker(body, 1)).to.equal(false);
    expect(hasMarker(null, 12)).to.equal(false);
  });
});

describe('deployment readiness', () => {
  const mappings = [
    { environment: 'preview', applicationId: 'web' },
    { environment: 'storybook', applicationId: 'docs' },
  ];
  it('is ready when every mapped environment has a deployment of the commit', () => {
    const result = deploymentsReady(
      mappings,
      [
        { environment: 'preview', url: 'https://old.example.com', sha: 'a1' },
        { environment: 'Preview', url: 'https://pr.example.com', sha: 'b2' },
        { environment: 'storybook', url: 'https://sb.example.com', sha: 'b2' },
      ],
      'b2',
    );
    expect(result).to.deep.equal({
      ready: true,
      urls: [
        { applicationId: 'web', url: 'https://pr.example.com', environment: 'Preview' },
        { applicationId: 'docs', url: 'https://sb.example.com', environment: 'storybook' },
      ],
      missing: [],
    });
  });
  it('names what is missing', () => {
    expect(deploymentsReady(mappings, [{ environment: 'preview', url: 'https://pr.example.com', sha: 'b2' }], 'b2'))
      .to.include({ ready: false })
      .and.to.have.deep.property('missing', ['storybook']);
    expect(
      deploymentsReady(mappings, [{ environment: 'preview', url: 'https://pr.example.com', sha: 'other' }], 'b2')
        .missing,
    ).to.deep.equal(['preview', 'storybook']);
    expect(deploymentsReady([], [], 'b2').ready).to.equal(false);
  });
  it('matches dynamic environments with a trailing /*', () => {
    expect(environmentMatches('review/*', 'review/feature-x')).to.equal(true);
    expect(environmentMatches('review/*', 'production')).to.equal(false);
    expect(environmentMatches('preview', 'preview-2')).to.equal(false);
  });
});

describe('review verdict', () => {
  const passed = { name: 'Sign in', result: 'PASSED' as const, status: 'COMPLETED' };
  const failed = { name: 'Checkout', result: 'FAILED' as const, status: 'COMPLETED' };
  const errored = { name: 'Search', result: null, status: 'ERROR' };
  const finding = (severity: 'critical' | 'major' | 'minor', title = `${severity} thing`) => ({ severity, title });
  const table: [string, Partial<VerdictInput>, string][] = [
    ['all passed, nothing found', { testCases: [passed] }, 'Approved'],
    ['all passed, minor findings', { testCases: [passed], findings: [finding('minor')] }, 'Comment'],
    ['all passed, a major finding', { testCases: [passed], findings: [finding('major')] }, 'Comment'],
    ['all passed, a critical finding', { testCases: [passed], findings: [finding('critical')] }, 'Changes Requested'],
    ['a failed test case', { testCases: [passed, failed] }, 'Changes Requested'],
    ['an errored test case', { testCases: [passed, errored] }, 'Comment'],
    ['only errored test cases', { testCases: [errored] }, 'Comment'],
    ['nothing could be tested', { testCases: [], untestable: true }, 'Comment'],
    ['only exploration, clean', { testCases: [] }, 'Approved'],
  ];
  for (const [name, input, verdict] of table) {
    it(`${name} → ${verdict}`, () =>
      expect(reviewVerdict({ testCases: [], findings: [], untestable: false, ...input }).verdict).to.equal(verdict));
  }
  it('says why', () => {
    expect(
      reviewVerdict({
        testCases: [passed, failed],
        findings: [finding('critical', 'HTTP 500 on /cart')],
        untestable: false,
      }).reasons,
    ).to.deep.equal(['1 test case failed: Checkout.', '1 critical finding: HTTP 500 on /cart.']);
  });
});
