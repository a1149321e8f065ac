// A control named in other forms of its words ("the newsletter subscription" for the checkbox
// "Subscribed to the newsletter"): found when it is the only control of a fitting role whose name
// says every word; refused, naming them, when several do; never a control that lacks a word.
import { expect } from 'chai';
import type { BurnInResult } from '../../../backend/src/agent/agent.js';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const box = (id: string, label: string) => `<label><input type="checkbox" id="${id}" checked> ${label}</label>`;
const page = (body: string) => html('Contact', `<h1>Dennis Ritchie</h1>${body}<a href="#">Newsletter archive</a>`);

describe('built-in agent: a control named in other forms of its words', function () {
  const pages = useAgentPages({
    '/one': page(box('news', 'Subscribed to the newsletter') + box('sms', 'Text me offers')),
    '/two': page(box('news', 'Subscribed to the newsletter') + box('paused', 'Newsletter for subscribers')),
    '/lacking': page(box('news', 'Subscribed to offers')),
    '/faq': html(
      'FAQ',
      `<h1>FAQ</h1><details id="refund"><summary>What is your refund policy?</summary><p>30 days.</p></details>` +
        `<details id="shipping"><summary>How long does shipping take?</summary><p>3 days.</p></details>`,
    ),
  });
  const burnIn = (goal: string): Promise<BurnInResult> =>
    pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
  const ticked = (id: string) => pages.page.locator(`#${id}`).isChecked();

  it('the one control whose name says every word is acted on, and replays by its own name', async () => {
    const result = await burnIn('Go to /one. Untick the newsletter subscription');
    expect(result.error ?? '').to.equal('');
    expect(await ticked('news')).to.equal(false);
    expect(await ticked('sms')).to.equal(true);
    const replayed = await pages.replay('/one', result.steps.slice(1));
    expect(await replayed.locator('#news').isChecked()).to.equal(false);
  });

  it('two controls that say every word are refused, naming both, and neither is touched', async () => {
    const result = await burnIn('Go to /two. Untick the newsletter subscription');
    expect(result.ok).to.equal(false);
    expect(result.error).to.include('2 say all its words');
    expect(result.error).to.include('"Subscribed to the newsletter"').and.to.include('"Newsletter for subscribers"');
    expect(await ticked('news')).to.equal(true);
    expect(await ticked('paused')).to.equal(true);
  });

  it('a control lacking one of the words is not taken', async () => {
    const result = await burnIn('Go to /lacking. Untick the newsletter subscription');
    expect(result.ok).to.equal(false);
    expect(await ticked('news')).to.equal(true);
  });

  it('a question called by what it is about, or by its words and its kind, is expanded', async () => {
    const open = (id: string) => pages.page.locator(`#${id}`).evaluate((d) => (d as HTMLDetailsElement).open);
    const about = await burnIn('Go to /faq. Expand the refund policy question');
    expect(about.error ?? '').to.equal('');
    expect(await open('refund')).to.equal(true);
    const named = await burnIn('Go to /faq. Expand the How long does shipping take? question');
    expect(named.error ?? '').to.equal('');
    expect(await open('shipping')).to.equal(true);
  });
});
