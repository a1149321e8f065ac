// "Choose the Pro plan" on plan cards whose only control is a "Select plan" button: the card's title
// is not a control (clicking the heading does nothing), so the card's one action is pressed, and
// recorded as that button in the card of its title. A name is found inside a longer one only as
// whole words: "Pro" is not the "Profile" button.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PLANS = html(
  'Plans',
  `<nav><button type="button">Profile</button></nav><div id="plans"></div><p id="out"></p>
  <script>
    let chosen = '';
    function draw() {
      plans.innerHTML = ['Free', 'Pro', 'Team'].map((p) => '<section class="plan"><h3>' + p + '</h3><p>For ' + p.toLowerCase() + ' use</p>'
        + '<button type="button" data-p="' + p + '">' + (chosen === p ? '✓ Selected' : 'Select plan') + '</button></section>').join('');
      for (const b of plans.querySelectorAll('button')) b.onclick = () => { chosen = b.dataset.p; out.textContent = 'Plan: ' + chosen; draw(); };
    }
    draw();
  </script>`,
);
// Two actions in each card: which one the title means is not clear.
const TWO_ACTIONS = html(
  'Plans',
  `<section><h3>Pro</h3><button>Select plan</button><button>Compare</button></section>
   <section><h3>Team</h3><button>Select plan</button><button>Compare</button></section>`,
);

describe("built-in agent: a card's title stands for its one action", function () {
  const pages = useAgentPages({ '/plans': PLANS, '/two': TWO_ACTIONS });
  const { burnIn, replay } = pages;

  for (const goal of ['Choose Pro', 'Choose the Pro plan', 'Pick the Pro plan'])
    it(`"${goal}" presses the Pro card's "Select plan", and replays it`, async () => {
      const steps = await burnIn('/plans', goal);
      expect(await pages.page.locator('#out').innerText()).to.equal('Plan: Pro');
      const fresh = await replay('/plans', steps);
      expect(await fresh.locator('#out').innerText()).to.equal('Plan: Pro');
    });

  it('a card with two actions is not guessed', async () => {
    await pages.page.goto(pages.site.url + '/two');
    const result = await pages.failingAgent.burnIn(pages.page, 'Choose Team', { baseUrl: pages.site.url, configs: {} });
    const pressed = result.steps.filter((s) => 'target' in s && s.target?.role === 'button');
    expect(pressed).to.deep.equal([]);
  });
});
