// "Pick 30 December 2026 as the check-in date and 2 January 2027 as check-out": a date chosen "as"
// a field is typed into that field (not looked for in a dropdown), the field found without the
// word "date" when its label lacks it, and the verb said once serves the second part. Replayed.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const STAY = html(
  'Stay',
  `<label>Check-in <input type="date" id="in"></label><label>Check-out <input type="date" id="out"></label>`,
);

describe('built-in agent: a date chosen as a field', function () {
  const pages = useAgentPages({ '/stay': STAY });

  it('fills both date fields from one sentence, and replays', async () => {
    const steps = await pages.burnIn(
      '/stay',
      'Pick 30 December 2026 as the check-in date and 2 January 2027 as check-out',
    );
    const values = async (page: typeof pages.page) => [
      await page.locator('#in').inputValue(),
      await page.locator('#out').inputValue(),
    ];
    expect(await values(pages.page)).to.deep.equal(['2026-12-30', '2027-01-02']);
    expect(await values(await pages.replay('/stay', steps))).to.deep.equal(['2026-12-30', '2027-01-02']);
  });
});
