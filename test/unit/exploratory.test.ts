// The pure rules of exploration: which links are followed, how bad each problem is, and how the
// same problem seen on many pages becomes one finding.
import { expect } from 'chai';
import type { Finding } from '../../backend/src/app/ports/explorer.js';
import { Budget } from '../../backend/src/exploratory/budget.js';
import { linkOutcome } from '../../backend/src/exploratory/check-links.js';
import {
  accessibilityFinding,
  consoleErrorFinding,
  type AxeViolation,
  type RawFinding,
} from '../../backend/src/exploratory/findings.js';
import { mergeFindings } from '../../backend/src/exploratory/merge-findings.js';
import {
  axeImpactSeverity,
  linkStatusSeverity,
  pageStatusSeverity,
  subresourceStatusSeverity,
} from '../../backend/src/exploratory/severity.js';
import { classifyLink, displayPath, normaliseUrl, SeenUrls } from '../../backend/src/exploratory/urls.js';

const ORIGIN = 'https://pr-7.preview.example.com';
const PAGE = `${ORIGIN}/shop/cart?step=2#summary`;

describe('exploration: which links are followed', () => {
  const table: [string, { raw?: string; download?: boolean } | null, string][] = [
    // [href, extra, expected: a URL to follow, or the reason it is skipped]
    ['/orders', null, `${ORIGIN}/orders`],
    ['orders/7', null, `${ORIGIN}/shop/orders/7`],
    ['../help?q=a+b#faq', null, `${ORIGIN}/help?q=a+b`],
    [`${ORIGIN}/orders?page=2&sort=asc`, null, `${ORIGIN}/orders?page=2&sort=asc`],
    ['HTTPS://PR-7.preview.example.com:443/About', null, `${ORIGIN}/About`],
    ['/report', null, `${ORIGIN}/report`],
    ['/logout.php?next=/', null, 'logout'],
    ['/catalog/outdoor', null, `${ORIGIN}/catalog/outdoor`],
    ['/blog/login', null, `${ORIGIN}/blog/login`],
    ['mailto:team@example.com', null, 'not-http'],
    ['tel:+4930123456', null, 'not-http'],
    ['javascript:void(0)', null, 'not-http'],
    ['data:text/html,hi', null, 'not-http'],
    ['ftp://files.example.com/a', null, 'not-http'],
    ['https://example.com/elsewhere', null, 'external'],
    ['http://pr-7.preview.example.com/insecure', null, 'external'],
    ['https://pr-7.preview.example.com:8443/other-port', null, 'external'],
    ['//cdn.example.com/lib.js', null, 'external'],
    [`${PAGE}`, { raw: '#top' }, 'same-page'],
    [`${ORIGIN}/shop/cart?step=2#details`, null, 'same-page'],
    [`${ORIGIN}/shop/cart?step=3#details`, null, `${ORIGIN}/shop/cart?step=3`],
    ['/files/invoice.PDF', null, 'download'],
    ['/archive.zip', null, 'download'],
    ['/img/photo.jpeg?size=2', null, 'download'],
    ['/export', { download: true }, 'download'],
    ['/logout', null, 'logout'],
    ['/users/sign_out', null, 'logout'],
    ['/account/sign-out', null, 'logout'],
    ['/auth/log-out?redirect=/', null, 'logout'],
    ['/session?action=logoff', null, 'logout'],
    ['/SignOut', null, 'logout'],
    ['http://[bad', null, 'invalid'],
  ];
  for (const [href, extra, expected] of table) {
    it(`${href}${extra ? ` ${JSON.stringify(extra)}` : ''} → ${expected}`, () => {
      const decision = classifyLink({ href, ...extra }, PAGE, ORIGIN);
      expect(decision.follow ? decision.url : decision.reason).to.equal(expected);
    });
  }
});

describe('exploration: URLs', () => {
  it('drops the fragment and keeps the query as written', () => {
    expect(normaliseUrl('https://a.example/x?b=2&a=1#top')).to.equal('https://a.example/x?b=2&a=1');
    expect(normaliseUrl('https://a.example')).to.equal('https://a.example/');
  });
  it('shows a path and query in titles', () => {
    expect(displayPath('https://a.example/x/y?z=1')).to.equal('/x/y?z=1');
    expect(displayPath('not a url')).to.equal('not a url');
  });
  it('takes each URL once, and at most N query variants of one path', () => {
    const seen = new SeenUrls(2);
    const admitted = [
      '/items',
      '/items?page=1',
      '/items?page=1',
      '/items?page=2',
      '/items?page=3',
      '/items',
      '/other?page=3',
    ].map((p) => seen.admit(`${ORIGIN}${p}`));
    expect(admitted).to.deep.equal(['new', 'new', 'seen', 'new', 'too-many-variants', 'seen', 'new']);
    expect(seen.has(`${ORIGIN}/items?page=3`)).to.equal(false);
  });
});

describe('exploration: severities', () => {
  const statuses: [number, string | null, string | null, string | null][] = [
    // [status, the page's own answer, a request the page made, a link's target]
    [200, null, null, null],
    [302, null, null, null],
    [399, null, null, null],
    [400, 'major', 'minor', 'major'],
    [401, 'major', 'minor', 'major'],
    [404, 'major', 'minor', 'major'],
    [499, 'major', 'minor', 'major'],
    [500, 'critical', 'major', 'critical'],
    [503, 'critical', 'major', 'critical'],
  ];
  for (const [status, page, subresource, link] of statuses) {
    it(`HTTP ${status}: page ${page}, request ${subresource}, link ${link}`, () => {
      expect([pageStatusSeverity(status), subresourceStatusSeverity(status), linkStatusSeverity(status)]).to.deep.equal(
        [page, subresource, link],
      );
    });
  }
  const impacts: [string | null, string | null][] = [
    ['critical', 'critical'],
    ['serious', 'major'],
    ['moderate', null],
    ['minor', null],
    [null, null],
  ];
  for (const [impact, severity] of impacts) {
    it(`axe impact ${impact} → ${severity ?? 'not reported'}`, () =>
      expect(axeImpactSeverity(impact)).to.equal(severity));
  }
});

describe('exploration: what a link check answer means', () => {
  const table: [number, Record<string, string>, object][] = [
    [200, { 'content-type': 'text/html; charset=utf-8' }, { outcome: 'ok', html: true }],
    [200, { 'content-type': 'application/xhtml+xml' }, { outcome: 'ok', html: true }],
    [200, {}, { outcome: 'ok', html: true }],
    [200, { 'content-type': 'application/json' }, { outcome: 'ok', html: false }],
    [204, {}, { outcome: 'ok', html: true }],
    [301, { location: '/new' }, { outcome: 'redirect', location: '/new' }],
    [307, {}, { outcome: 'redirect', location: null }],
    [404, { 'content-type': 'text/html' }, { outcome: 'broken', status: 404, method: 'GET' }],
    [500, {}, { outcome: 'broken', status: 500, method: 'GET' }],
  ];
  for (const [status, headers, expected] of table) {
    it(`${status} ${JSON.stringify(headers)} → ${JSON.stringify(expected)}`, () =>
      expect(linkOutcome('GET', status, '', headers)).to.include(expected));
  }
});

describe('exploration: findings', () => {
  const violation = (impact: string | null, nodes: number): AxeViolation => ({
    id: 'image-alt',
    impact,
    help: 'Images must have alternative text',
    helpUrl: 'https://dequeuniversity.com/rules/axe/4.14/image-alt',
    nodes: Array.from({ length: nodes }, (_, i) => ({
      html: `<img\n  src="/${i}.png">`,
      target: [`img:nth-child(${i + 1})`],
    })),
  });

  it('gives an axe violation its rule, help, help URL and at most 3 elements', () => {
    const finding = accessibilityFinding(`${ORIGIN}/`, violation('critical', 5))!;
    expect(finding).to.include({
      kind: 'accessibility',
      severity: 'critical',
      key: 'axe:image-alt',
      title: 'Accessibility: Images must have alternative text (image-alt)',
    });
    expect(finding.evidence.split('\n')).to.deep.equal([
      'image-alt (critical): Images must have alternative text',
      'https://dequeuniversity.com/rules/axe/4.14/image-alt',
      '- <img src="/0.png"> (img:nth-child(1))',
      '- <img src="/1.png"> (img:nth-child(2))',
      '- <img src="/2.png"> (img:nth-child(3))',
      '- …and 2 more elements',
    ]);
  });
  it('leaves out moderate and minor axe violations', () => {
    expect(accessibilityFinding(`${ORIGIN}/`, violation('moderate', 1))).to.equal(null);
    expect(accessibilityFinding(`${ORIGIN}/`, violation('minor', 1))).to.equal(null);
  });
  it('keeps a console error title to one short line', () => {
    const finding = consoleErrorFinding(`${ORIGIN}/`, `\nTypeError: x is undefined\n${'at y '.repeat(100)}`, {
      url: `${ORIGIN}/app.js`,
      lineNumber: 9,
    });
    expect(finding.title).to.equal('Console error: TypeError: x is undefined');
    expect(finding.evidence).to.match(/app\.js:10$/);
  });
});

describe('exploration: merging findings', () => {
  const raw = (key: string, severity: Finding['severity'], page: string, title = key): RawFinding => ({
    key,
    kind: 'console-error',
    severity,
    title,
    page: `${ORIGIN}${page}`,
    evidence: `evidence of ${key} on ${page}`,
  });

  it('keeps findings seen once as they are, without their key', () => {
    expect(mergeFindings([raw('a', 'minor', '/')])).to.deep.equal([
      { kind: 'console-error', severity: 'minor', title: 'a', page: `${ORIGIN}/`, evidence: 'evidence of a on /' },
    ]);
  });

  it('merges one problem seen on many pages into one finding: first page and evidence, the pages listed', () => {
    const merged = mergeFindings([
      raw('x', 'minor', '/a', 'Console error: boom'),
      raw('x', 'minor', '/b'),
      raw('x', 'minor', '/a'),
      raw('x', 'minor', '/c'),
    ]);
    expect(merged).to.deep.equal([
      {
        kind: 'console-error',
        severity: 'minor',
        title: 'Console error: boom (on 3 pages)',
        page: `${ORIGIN}/a`,
        evidence: 'evidence of x on /a\nSeen on 3 pages: /a, /b, /c',
      },
    ]);
  });

  it('takes the worst severity seen', () => {
    expect(
      mergeFindings([raw('x', 'major', '/a'), raw('x', 'critical', '/b'), raw('x', 'minor', '/c')])[0]!.severity,
    ).to.equal('critical');
  });

  it('lists at most 10 pages and counts the rest', () => {
    const merged = mergeFindings(Array.from({ length: 13 }, (_, i) => raw('x', 'minor', `/p${i}`)));
    expect(merged[0]!.title).to.equal('x (on 13 pages)');
    expect(merged[0]!.evidence).to.match(/Seen on 13 pages: \/p0, \/p1, .*, \/p9, and 3 more$/);
  });

  it('orders worst first, then in the order first seen', () => {
    const merged = mergeFindings([
      raw('m1', 'minor', '/'),
      raw('j1', 'major', '/'),
      raw('c1', 'critical', '/'),
      raw('m2', 'minor', '/'),
      raw('j2', 'major', '/'),
      raw('m1', 'critical', '/x'),
    ]);
    expect(merged.map((f) => `${f.severity} ${f.title}`)).to.deep.equal([
      'critical m1 (on 2 pages)',
      'critical c1',
      'major j1',
      'major j2',
      'minor m2',
    ]);
  });

  it('does not merge different problems', () => {
    expect(mergeFindings([raw('a', 'minor', '/'), raw('b', 'minor', '/')])).to.have.length(2);
  });
});

describe('exploration: the budget', () => {
  it('gives the value of work that finishes in time', async () => {
    expect(await new Budget(1_000).bounded(Promise.resolve(7))).to.deep.equal({ done: true, value: 7 });
  });
  it('stops waiting at its own cap, or at the deadline', async () => {
    const never = new Promise<never>(() => {});
    expect(await new Budget(1_000).bounded(never, 10)).to.deep.equal({ done: false, why: 'timeout' });
    expect(await new Budget(10).bounded(never, 1_000)).to.deep.equal({ done: false, why: 'stopped' });
  });
  it('stops waiting when aborted, and starts nothing after', async () => {
    const controller = new AbortController();
    const budget = new Budget(60_000, controller.signal);
    const waiting = budget.bounded(new Promise<never>(() => {}));
    controller.abort();
    expect(await waiting).to.deep.equal({ done: false, why: 'stopped' });
    expect(budget.stopped).to.equal(true);
    expect(await budget.bounded(Promise.resolve(1))).to.deep.equal({ done: false, why: 'stopped' });
  });
  it('passes on the failure of work that fails in time', async () => {
    const error = await new Budget(1_000).bounded(Promise.reject(new Error('nope'))).catch((e: Error) => e);
    expect(error).to.be.instanceOf(Error).with.property('message', 'nope');
  });
  it('counts from its clock', () => {
    let now = 1_000;
    const budget = new Budget(500, undefined, () => now);
    expect(budget.remainingMs()).to.equal(500);
    now = 1_600;
    expect(budget.remainingMs()).to.equal(0);
    expect(budget.stopped).to.equal(true);
  });
});
