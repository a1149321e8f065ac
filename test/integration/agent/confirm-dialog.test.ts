// "Confirm" in a confirmation dialog whose buttons say what they do ("Empty trash" beside "Cancel",
// as file managers and admin tables draw them): the dialog's one button that does not back out,
// recorded so that replay presses it, not the toolbar button of the same name behind the dialog.
// With two buttons that go on ("Archive", "Erase"), which one is meant is not known: refused.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const dialogPage = (buttons: string[]) =>
  html(
    'Trash',
    `<button onclick="document.getElementById('dlg-confirm').hidden = false; out.textContent = 'Asked'">Empty trash</button>
    <div id="dlg-confirm" role="alertdialog" aria-label="Empty trash?" hidden><p>All items will be deleted forever.</p>
      <button onclick="out.textContent = 'Kept'; this.parentNode.hidden = true">Cancel</button>
      ${buttons.map((b) => `<button onclick="out.textContent = 'Pressed ${b}'; this.parentNode.hidden = true">${b}</button>`).join('')}
    </div><p id="out"></p>`,
  );

describe('built-in agent: confirming a dialog whose buttons say what they do', function () {
  const pages = useAgentPages({
    '/trash': dialogPage(['Empty trash']),
    '/two': dialogPage(['Archive', 'Erase']),
  });

  it('"Empty the trash and confirm when it asks" presses the dialog\'s "Empty trash", and replays it', async () => {
    const steps = await pages.burnIn('/trash', "Click 'Empty trash' and confirm when it asks");
    expect(await pages.page.locator('#out').innerText()).to.equal('Pressed Empty trash');
    expect(steps).to.have.length(2);
    const fresh = await pages.replay('/trash', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Pressed Empty trash');
  });

  it("refuses when two of the dialog's buttons go on, and presses neither", async () => {
    await pages.page.goto(pages.site.url + '/two');
    const result = await pages.agent.burnIn(pages.page, "Click 'Empty trash' and confirm it", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.error, result.error).to.match(/Could not do "Click 'Confirm'/);
    expect(await pages.page.locator('#out').innerText()).to.equal('Asked');
  });
});
