// "pick size 46", "choose colour Navy": a choice named by its group's word and its value, where the
// page shows the value alone (size buttons "44", "46"); a value two groups offer is refused.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const group = (name: string, values: string[]) =>
  `<fieldset><legend>${name}</legend>${values.map((v) => `<button aria-pressed="false" onclick="this.parentNode.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', b === this))">${v}</button>`).join('')}</fieldset>`;

describe('built-in agent: a value named with its group', function () {
  const pages = useAgentPages({
    '/shoe': html('Shoe', group('Size', ['44', '46']) + group('Colour', ['Navy', 'Sand'])),
    '/two': html('Two', group('Size', ['M', 'L']) + group('Fit', ['M', 'L'])),
  });

  it('"pick size 46" presses the 46 of the sizes', async () => {
    await pages.burnIn('/shoe', 'Pick size 46');
    expect(await pages.page.getByRole('button', { name: '46' }).getAttribute('aria-pressed')).to.equal('true');
  });

  it('refuses "pick size M" when another group offers an M too', async () => {
    await pages.page.goto(`${pages.site.url}/two`);
    const result = await pages.failingAgent.burnIn(pages.page, 'Pick size M', { baseUrl: pages.site.url, configs: {} });
    expect(result.error).to.match(/2 visible elements match "M"/);
  });
});
