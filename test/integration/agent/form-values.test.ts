// A form's values given without their fields ("Sign up as ada@example.com with password X, profile
// Ada Lovelace, United Kingdom, Developer"), placed on a two-step sign-up drawn again on each change:
// the address in the email field, the password in both password boxes, the name split into first and
// last name, the country from the dropdown, the role from cards acting as radio buttons; Continue
// pressed between the steps as a person would. Burn-in in real Chromium, then a replay.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const SIGN_UP = html(
  'Sign up',
  `<main id="app"></main>
  <script>
    const s = { step: 1, email: '', pw: '', pw2: '', first: '', last: '', country: '', role: '', done: '' };
    const ROLES = ['Developer', 'Designer', 'Product manager'];
    function draw() {
      if (s.step === 1) {
        app.innerHTML = '<h1>Create your account</h1><button type="button">Continue with Google</button><form id="f"><label>Work email <input id="email" type="email" value="' + s.email + '"></label>'
          + '<label>Password <input id="pw" type="password"></label><label>Confirm password <input id="pw2" type="password"></label>'
          + '<p id="err">' + s.err + '</p><button>Continue</button></form>';
        f.onsubmit = (e) => { e.preventDefault(); s.email = email.value; s.pw = pw.value; s.pw2 = pw2.value;
          s.err = !s.email ? 'Enter your email' : s.pw !== s.pw2 ? 'Passwords do not match' : ''; if (!s.err) s.step = 2; draw(); };
      } else if (s.step === 2) {
        app.innerHTML = '<h1>Your profile</h1><label for="first">First name *</label><input id="first" value="' + s.first + '"><label for="last">Last name *</label><input id="last" value="' + s.last + '">'
          + '<label for="country">Country</label><select id="country" required><option value="">Choose…</option><option>United Kingdom</option><option>United States</option></select>'
          + '<div role="radiogroup" aria-label="Role">' + ROLES.map((r) => '<div role="radio" tabindex="0" aria-checked="' + (s.role === r) + '"><span aria-hidden="true">★</span><b>' + r + '</b> <small>about ' + r.toLowerCase() + 's</small></div>').join('') + '</div>'
          + '<button id="next" type="button">Continue</button>';
        country.value = s.country;
        first.oninput = () => (s.first = first.value);
        last.oninput = () => (s.last = last.value);
        country.onchange = () => { s.country = country.value; draw(); };
        for (const card of app.querySelectorAll('[role=radio]')) card.onclick = () => { s.role = card.querySelector('b').textContent; draw(); };
        next.onclick = () => { s.step = 3; s.done = 'Welcome, ' + s.first + ' ' + s.last + ' (' + s.email + ', ' + s.country + ', ' + s.role + ')'; draw(); };
      } else app.innerHTML = '<p id="out">' + s.done + '</p>';
    }
    s.err = '';
    draw();
  </script>`,
);

// First and last name, no field called "name"; "Phone" for the phone number; "Nickname" beside.
const PROFILE = html(
  'Profile',
  `<label>First name <input id="first"></label><label>Last name <input id="last"></label>
  <label>Nickname <input id="nick"></label><label>Phone <input id="phone" type="tel"></label>`,
);

describe('built-in agent: a form filled from values given without their fields', function () {
  const pages = useAgentPages({ '/sign-up': SIGN_UP, '/profile': PROFILE });
  const { burnIn, replay } = pages;
  const WELCOME = 'Welcome, Ada Lovelace (ada@example.com, United Kingdom, Developer)';
  const attempt = async (goal: string) => {
    await pages.page.goto(pages.site.url + '/sign-up');
    return pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
  };

  it('places each value by what it is, presses Continue between the steps, and replays it', async () => {
    const steps = await burnIn(
      '/sign-up',
      'Sign up as ada@example.com with password S3cure!pass, profile Ada Lovelace, United Kingdom, Developer',
    );
    expect(await pages.page.locator('#out').innerText()).to.equal(WELCOME);
    expect(steps.map((s) => s.sentence)).to.include.members([
      "Fill 'Confirm password' with 'S3cure!pass'",
      "Fill 'First name *' with 'Ada'",
      "Select 'United Kingdom' from 'Country'",
    ]);
    const fresh = await replay('/sign-up', steps);
    expect(await fresh.locator('#out').innerText()).to.equal(WELCOME);
  });

  it("takes the sentence's own Continue as the sign-up's button", async () => {
    await burnIn(
      '/sign-up',
      'Sign up with ada@example.com and S3cure!pass, continue, fill in Ada Lovelace from the United Kingdom as a Developer and continue',
    );
    expect(await pages.page.locator('#out').innerText()).to.equal(WELCOME);
  });

  it('a name said for several fields, or for none, goes where the value fits and a word of it says', async () => {
    await burnIn('/profile', 'Enter Grace Hopper as the name and 555 0199 123 as the phone number');
    const value = (id: string) => pages.page.locator(id).inputValue();
    expect([await value('#first'), await value('#last'), await value('#nick'), await value('#phone')]).to.deep.equal([
      'Grace',
      'Hopper',
      '',
      '555 0199 123',
    ]);
  });

  it('fails naming the fields when a value fits nothing on either step', async () => {
    const result = await attempt(
      'Sign up as ada@example.com with password S3cure!pass, profile Ada Lovelace, Portugal',
    );
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/nothing on .* takes 'Portugal'; the form shows .*dropdown 'Country'/);
  });
});
