// A name written short in the sentence and long on the page, or the other way round ("the max
// price" / "Maximum price", "Quantity" / "Qty"), finds the field; the recorded step replays.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const FILTERS = html(
  'Filters',
  `<label>Minimum price <input type="number" id="min"></label>
  <label>Maximum price <input type="number" id="max"></label>
  <label>Qty <input id="qty"></label>
  <label>Phone <input id="phone"></label>`,
);

describe('built-in agent: short and long forms of a name', function () {
  const pages = useAgentPages({ '/filters': FILTERS });

  it('"Set the max price to 30" fills "Maximum price", and replays', async () => {
    const steps = await pages.burnIn('/filters', 'Set the max price to 30');
    expect(await pages.page.locator('#max').inputValue()).to.equal('30');
    expect(await pages.page.locator('#min').inputValue()).to.equal('');
    const fresh = await pages.replay('/filters', steps);
    expect(await fresh.locator('#max').inputValue()).to.equal('30');
  });

  it('"Fill Quantity with 2" fills "Qty"', async () => {
    await pages.burnIn('/filters', "Fill 'Quantity' with '2'");
    expect(await pages.page.locator('#qty').inputValue()).to.equal('2');
  });

  it('"Change the phone number to 555-0199" fills "Phone": a name without its head noun', async () => {
    await pages.burnIn('/filters', 'Change the phone number to 555-0199');
    expect(await pages.page.locator('#phone').inputValue()).to.equal('555-0199');
  });

  it('"Set the price range from 20 to 50" fills the range\'s two ends', async () => {
    await pages.burnIn('/filters', 'Set the price range from 20 to 50');
    expect(await pages.page.locator('#min').inputValue()).to.equal('20');
    expect(await pages.page.locator('#max').inputValue()).to.equal('50');
  });
});
