// A plan's status badge: what it says about the last finished run, and a plan name that cannot break
// out of the SVG.
import { expect } from 'chai';
import { badgeMessage, badgeSvg } from '../../../backend/src/http/dashboard/plans/badge-svg.js';

describe('plan status badges', () => {
  const cases: [Parameters<typeof badgeMessage>[0], string][] = [
    [null, 'no runs'],
    [{ status: 'COMPLETED', result: 'PASSED' }, 'passed'],
    [{ status: 'COMPLETED', result: 'FAILED' }, 'failed'],
    [{ status: 'ERROR', result: null }, 'failed'],
    [{ status: 'ERROR', result: 'PASSED' }, 'failed'],
    [{ status: 'COMPLETED', result: 'SKIPPED' }, 'skipped'],
  ];
  for (const [last, message] of cases) {
    it(`says ${message} for ${JSON.stringify(last)}`, () => expect(badgeMessage(last)).to.equal(message));
  }

  it('escapes the plan name, and names itself for screen readers', () => {
    const svg = badgeSvg(`Smoke <script>"x"</script> & 'y'`, 'passed');
    expect(svg).to.not.include('<script>').and.not.include('"x"');
    expect(svg).to.include('Smoke &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; &apos;y&apos;');
    expect(svg).to.match(/^<svg [^>]*role="img" aria-label="Goalie: Smoke &lt;script&gt;[^"]*: passed"/);
    expect(svg).to.include('<title>Goalie: Smoke');
  });

  it('shortens a long plan name, and grows with its text', () => {
    const long = badgeSvg('A'.repeat(100), 'failed');
    expect(long)
      .to.include(`${'A'.repeat(39)}…`)
      .and.not.include('A'.repeat(40));
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
    expect(width(badgeSvg('Smoke', 'passed'))).to.be.lessThan(width(badgeSvg('Nightly regression', 'passed')));
  });
});
