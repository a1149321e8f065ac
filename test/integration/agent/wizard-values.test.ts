// A whole wizard's values said in one sentence, in any order ("Sign up Ana Silva (ana@example.com,
// S3cret!99, born 5 May 1995, ...) on the Standard plan with a Locker"): each step takes the values it
// has fields for (a birth date split into Day, Month and Year dropdowns, a plan card in the radio
// group "Plan", an add-on switch), Continue goes on to the step that takes the rest; a step is gone
// back to by name ("Go back to the Account step") and a place said first is a step ("On Review click
// Join"); a choice on a later step is reached through Continue. A value that no step takes fails the
// burn-in, naming it. Burn-in in Chromium, then a replay.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const WIZARD = html(
  'Join',
  `<ol id="steps"><li>Account</li><li>About you</li><li>Membership</li><li>Review</li></ol><main id="app"></main>
  <p><button id="back" type="button">Back</button> <button id="next" type="button">Continue</button></p>
  <script>
    const s = { step: 0, email: '', pw: '', first: '', last: '', day: '', month: '', year: '', phone: '', plan: '', locker: false, joined: '' };
    const MONTHS = ['January','February','March','April','May','June','July','August','September','October','November','December'];
    const opts = (label, list, value) => '<option value="">' + label + '</option>' + list.map((o, i) => '<option value="' + (label === 'Month' ? i + 1 : o) + '"' + (String(value) === String(label === 'Month' ? i + 1 : o) ? ' selected' : '') + '>' + o + '</option>').join('');
    function draw() {
      [...steps.children].forEach((li, i) => i === s.step ? li.setAttribute('aria-current', 'step') : li.removeAttribute('aria-current'));
      back.hidden = s.step === 0;
      next.textContent = s.step === 3 ? 'Join now' : 'Continue';
      if (s.joined) { app.innerHTML = '<h2 id="out">' + s.joined + '</h2>'; next.hidden = back.hidden = true; return; }
      app.innerHTML = [
        '<h2>Create your account</h2><label>Email address <input id="email" type="email" value="' + s.email + '"></label><label>Password <input id="pw" type="password"></label><label>Confirm password <input id="pw2" type="password"></label>',
        '<h2>About you</h2><label>First name <input id="first" value="' + s.first + '"></label><label>Last name <input id="last" value="' + s.last + '"></label>'
          + '<fieldset><legend>Date of birth</legend><label>Day <select id="day">' + opts('Day', Array.from({ length: 31 }, (_, i) => String(i + 1)), s.day) + '</select></label>'
          + '<label>Month <select id="month">' + opts('Month', MONTHS, s.month) + '</select></label><label>Year <select id="year">' + opts('Year', ['2001', '1995', '1988'], s.year) + '</select></label></fieldset>'
          + '<label>Phone <input id="phone" type="tel" value="' + s.phone + '"></label>',
        '<h2>Choose your membership</h2><h3 id="plan-h">Plan</h3><div role="radiogroup" aria-labelledby="plan-h">'
          + ['Off-peak', 'Standard'].map((p) => '<div role="radio" tabindex="0" aria-checked="' + (s.plan === p) + '" data-plan="' + p + '"><b>' + p + '</b></div>').join('') + '</div>'
          + '<span id="locker-l">Locker</span><button type="button" role="switch" id="locker" aria-labelledby="locker-l" aria-checked="' + s.locker + '"></button>',
        '<h2>Review</h2><p id="summary">' + [s.first + ' ' + s.last, s.email, s.year + '-' + s.month + '-' + s.day, s.phone, s.plan, s.locker ? 'Locker' : 'no locker'].join(' | ') + '</p>',
      ][s.step];
      const on = (id, key) => { const el = document.getElementById(id); if (el) el.onchange = el.oninput = () => (s[key] = el.value); };
      ['email', 'pw', 'first', 'last', 'day', 'month', 'year', 'phone'].forEach((k) => on(k, k));
      for (const card of app.querySelectorAll('[role=radio]')) card.onclick = () => { s.plan = card.dataset.plan; draw(); };
      const locker = document.getElementById('locker');
      if (locker) locker.onclick = () => { s.locker = !s.locker; draw(); };
    }
    next.onclick = () => {
      if (s.step === 0 && (!s.email || !s.pw)) return;
      if (s.step === 2 && !s.plan) return;
      if (s.step === 3) s.joined = 'Welcome, ' + s.first;
      else s.step++;
      draw();
    };
    back.onclick = () => { s.step--; draw(); };
    draw();
  </script>`,
);

const current = (page: { locator: (s: string) => { innerText: () => Promise<string> } }) =>
  page.locator('[aria-current=step]').innerText();

describe('built-in agent: a wizard filled from one sentence', function () {
  const pages = useAgentPages({ '/join': WIZARD });

  it('places each value on the step that takes it, whatever its order, and replays it', async () => {
    const steps = await pages.burnIn(
      '/join',
      'Sign up Ana Silva (ana@example.com, S3cret!99, born 5 May 1995, phone 7700 900123) on the Standard plan with a Locker',
    );
    const summary = 'Ana Silva | ana@example.com | 1995-5-5 | 7700 900123 | Standard | Locker';
    expect(await pages.page.locator('#summary').innerText()).to.equal(summary);
    const fresh = await pages.replay('/join', steps);
    expect(await fresh.locator('#summary').innerText()).to.equal(summary);
  });

  it('goes back to a step by name, and takes a step said before the verb as the place', async () => {
    await pages.burnIn(
      '/join',
      'Get all the way to Review as Ana Silva (ana@example.com, S3cret!99) on the Off-peak plan. Go back to the Account step.',
    );
    expect(await current(pages.page)).to.equal('Account');
    const on = await pages.agent.burnIn(pages.page, 'On Review click Join now', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(on.error ?? '').to.equal('');
    expect(await pages.page.locator('#out').innerText()).to.equal('Welcome, Ana');
  });

  it('goes on through the steps to a choice said while a step before it is shown', async () => {
    const steps = await pages.burnIn('/join', 'Sign up with ana@example.com and S3cret!99. Choose the Standard plan');
    expect(await current(pages.page)).to.equal('Membership');
    expect(await pages.page.locator('[role=radio][aria-checked=true]').innerText()).to.equal('Standard');
    const fresh = await pages.replay('/join', steps);
    expect(await fresh.locator('[role=radio][aria-checked=true]').innerText()).to.equal('Standard');
  });

  it('a target on no step, where this step does not move on, fails naming the target', async () => {
    await pages.page.goto(pages.site.url + '/join');
    const result = await pages.agent.burnIn(pages.page, "Type 'x9' into the Nickname field", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error, result.error).to.match(/found no field named "Nickname"/);
    expect(await current(pages.page)).to.equal('Account');
  });

  it('fails naming the value when no step takes it', async () => {
    await pages.page.goto(pages.site.url + '/join');
    const result = await pages.agent.burnIn(
      pages.page,
      'Sign up Ana Silva (ana@example.com, S3cret!99, shoe size 44)',
      { baseUrl: pages.site.url, configs: {} },
    );
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/nothing on .* takes shoe size '44'/);
  });
});
