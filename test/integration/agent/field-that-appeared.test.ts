// "Pick Other and type Radio": the field meant is the one the choice made appear, when the page
// leaves the focus where it was; with several new fields, or none, "the field" stays ambiguous.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PROFILE = (appears: string) =>
  html(
    'Profile',
    `<label>First name <input id="first"></label><label>Last name <input id="last"></label>
  <label>Source <select id="source"><option>Friend</option><option>Other</option></select></label>
  <div id="more" hidden>${appears}</div>
  <script>source.onchange = () => { more.hidden = source.value !== 'Other'; };</script>`,
  );

describe('built-in agent: the field that just appeared', function () {
  const pages = useAgentPages({
    '/one': PROFILE('<label>Please tell us where <input id="where"></label>'),
    '/two': PROFILE('<label>Where <input id="where"></label><label>When <input id="when"></label>'),
  });

  it('types into the field the choice revealed, not the others', async () => {
    await pages.burnIn('/one', "In 'Source' pick Other and type Radio");
    expect(await pages.page.locator('#where').inputValue()).to.equal('Radio');
    expect(await pages.page.locator('#first').inputValue()).to.equal('');
  });

  it('refuses when the choice revealed two fields', async () => {
    await pages.page.goto(pages.site.url + '/two');
    const result = await pages.agent.burnIn(pages.page, "In 'Source' pick Other and type Radio", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/visible elements match the field/);
  });
});
