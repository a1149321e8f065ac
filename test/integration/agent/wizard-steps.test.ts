// A three-step wizard with a step indicator (the current step marked aria-current="step") whose steps
// are reached only through Continue: "go to the review" presses Continue until Review is the current
// step; "click Finish on the review page" goes there first; a step that does not move on (a required
// field left empty) fails the burn-in instead of being skipped.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const WIZARD = html(
  'Wizard',
  `<ol id="steps"></ol><main id="body"></main>
  <script>
    const STEPS = ['Details', 'Options', 'Review'];
    let at = 0, name = '', done = '';
    function draw() {
      steps.innerHTML = STEPS.map((s, i) => '<li' + (i === at ? ' aria-current="step"' : '') + '><span>' + (i + 1) + '</span>' + s + '</li>').join('');
      body.innerHTML = done ? '<p id="out">' + done + '</p>'
        : at === 0 ? '<label>Name <input id="n" value="' + name + '"></label><button id="go">Continue</button>'
        : at === 1 ? '<label><input type="checkbox"> Gift wrap</label><button id="go">Continue</button>'
        : '<p>Name: ' + name + '</p><button id="fin">Finish</button>';
      const go = document.getElementById('go');
      if (go) go.onclick = () => { const n = document.getElementById('n'); if (n) name = n.value; if (at === 0 && !name) return; at++; draw(); };
      const fin = document.getElementById('fin');
      if (fin) fin.onclick = () => { done = 'Done for ' + name; draw(); };
    }
    draw();
  </script>`,
);

describe('built-in agent: going on to a step of a wizard', function () {
  const pages = useAgentPages({ '/wizard': WIZARD });

  it('"... and go to the review" presses Continue until Review is current, and replays it', async () => {
    const steps = await pages.burnIn('/wizard', "Fill 'Name' with 'Ada' and go to the review");
    expect(await pages.page.locator('[aria-current=step]').innerText()).to.match(/Review$/);
    const fresh = await pages.replay('/wizard', steps);
    expect(await fresh.locator('[aria-current=step]').innerText()).to.match(/Review$/);
  });

  it('"click Finish on the review page" goes on to Review first', async () => {
    await pages.burnIn('/wizard', "Fill 'Name' with 'Ada' and click Finish on the review page");
    expect(await pages.page.locator('#out').innerText()).to.equal('Done for Ada');
  });

  it('"press Continue on the very first screen" names the step by its position', async () => {
    await pages.burnIn('/wizard', 'Press Continue on the very first screen without filling anything in');
    expect(await pages.page.locator('[aria-current=step]').innerText()).to.match(/Details$/);
  });

  it('a Continue that does not move on fails, saying so', async () => {
    await pages.page.goto(pages.site.url + '/wizard');
    const result = await pages.agent.burnIn(pages.page, 'Go to the review', { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/"Continue" did not move on to the next step/);
  });
});
