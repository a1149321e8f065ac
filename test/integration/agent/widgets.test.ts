// Widgets whose interaction follows from what the element is, not from the sentence: a field that
// keeps its own state from key events (a value set at once has no effect, so it is typed again key
// by key), a text field that opens a pop-up calendar, a read-only number with +/- buttons beside it.
// Burn-in in real Chromium, then a replay of the recorded steps on a fresh page.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { performStep } from '../../../backend/src/agent/perform-step.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

// As a React-style controlled input behaves when only its keydown handler updates the state: the
// framework restores the field from its state after every input event, so a value set at once is undone.
const CONTROLLED = html(
  'Voucher',
  `<label for="code">Voucher code</label><input id="code"><p id="out">No code</p><p id="keys">0</p>
  <script>
    let state = '';
    code.addEventListener('keydown', (e) => {
      keys.textContent = String(Number(keys.textContent) + 1);
      if (e.key === 'Backspace') state = state.slice(0, -1);
      else if (e.key.length === 1) state += e.key;
    });
    code.addEventListener('input', () => { code.value = state; out.textContent = state ? 'Code: ' + state : 'No code'; });
  </script>`,
);

// A money field whose keydown handler builds the value (digits only, shown with two decimals) and
// redraws it from its own state on any other change.
const AMOUNT = html(
  'Transfer',
  `<label for="amount">Amount</label><input id="amount" inputmode="decimal" value="0.00"><p id="out">0 cents</p>
  <script>
    let cents = '';
    const draw = () => { const n = Number(cents || '0'); amount.value = (n / 100).toFixed(2); out.textContent = n + ' cents'; };
    amount.addEventListener('keydown', (e) => {
      if (/^[0-9]$/.test(e.key)) cents += e.key; else if (e.key === 'Backspace') cents = cents.slice(0, -1); else return;
      e.preventDefault(); draw();
    });
    amount.addEventListener('input', draw);
  </script>`,
);

const SHORT = html('Initials', `<label for="ini">Initials</label><input id="ini" maxlength="3">`);

// Quantity pickers as shop themes draw them: a read-only number between two CSS-drawn buttons with
// no name (the signs are ::before content), one stepping by its data attribute.
const QUANTITY = html(
  'Cart',
  `<style>.qty button { width: 28px; height: 28px; } .qty button[data-step="-1"]::before { content: '−'; } .qty button[data-step="1"]::before { content: '+'; }</style>
  <label for="qty">Quantity</label>
  <div class="qty"><button type="button" class="qty-btn" data-step="-1"></button><input id="qty" value="1" readonly size="3"><button type="button" class="qty-btn" data-step="1"></button></div>
  <label for="note">Note</label><input id="note">
  <script>for (const b of document.querySelectorAll('.qty button')) b.onclick = () => { qty.value = Math.max(0, Number(qty.value) + Number(b.dataset.step)); };</script>`,
);

// A booking form's guest counter: named arrows in a group, a maximum that disables +, and a
// spinbutton drawn without an input whose arrow keys do nothing.
const GUESTS = html(
  'Booking',
  `<div role="group" aria-labelledby="g"><span id="g">Guests</span>
  <button type="button" aria-label="Decrease guests">-</button><input aria-labelledby="g" id="guests" value="2" readonly><button type="button" aria-label="Increase guests" id="more">+</button></div>
  <div><span id="c">Children</span> <span role="spinbutton" aria-labelledby="c" id="children" aria-valuenow="0" aria-valuemin="0" aria-valuemax="4" tabindex="0">0</span>
  <span class="stepper"><button type="button" class="up" title="More">▲</button><button type="button" class="down" title="Fewer">▼</button></span></div>
  <script>
    document.querySelector('[aria-label="Decrease guests"]').onclick = () => { guests.value = Number(guests.value) - 1; more.disabled = false; };
    more.onclick = () => { guests.value = Number(guests.value) + 1; more.disabled = Number(guests.value) >= 4; };
    const set = (n) => { children.setAttribute('aria-valuenow', n); children.textContent = n; };
    document.querySelector('.up').onclick = () => set(Math.min(4, Number(children.getAttribute('aria-valuenow')) + 1));
    document.querySelector('.down').onclick = () => set(Math.max(0, Number(children.getAttribute('aria-valuenow')) - 1));
  </script>`,
);

const CALENDAR = `<script>${readFileSync(new URL('../../fixtures/widgets/calendar.js', import.meta.url), 'utf8')}</script>`;
const SHORT_MONTHS = `['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']`;

// A read-only field whose calendar shows the days of the months around ("24 Dec 2026").
const CHECK_IN = html(
  'Booking',
  `<label for="in">Check-in</label><input id="in" readonly>${CALENDAR}
  <script>calendar(document.getElementById('in'), { outside: true, write: (d) => d.getDate() + ' ' + ${SHORT_MONTHS}[d.getMonth()] + ' ' + d.getFullYear() });</script>`,
);

// A text field in mm/dd/yyyy that clears what it cannot read, without a hint of its format.
const US_DATE = html(
  'Appointment',
  `<label for="d">Date</label><input id="d">${CALENDAR}
  <script>
    const pad = (n) => String(n).padStart(2, '0');
    calendar(document.getElementById('d'), {
      write: (d) => pad(d.getMonth() + 1) + '/' + pad(d.getDate()) + '/' + d.getFullYear(),
      read: (t) => { const m = /^(\\d{2})\\/(\\d{2})\\/(\\d{4})$/.exec(t); return m && Number(m[1]) <= 12 ? new Date(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : null; },
    });
  </script>`,
);

const NATIVE_AND_HINTED = html(
  'Profile',
  `<label for="a">Arrival</label><input type="date" id="a">
  <label for="b">Birthday</label><input id="b" placeholder="dd/mm/yyyy">`,
);

describe('built-in agent: widgets, by what the element is', function () {
  const pages = useAgentPages({
    '/controlled': CONTROLLED,
    '/amount': AMOUNT,
    '/short': SHORT,
    '/quantity': QUANTITY,
    '/guests': GUESTS,
    '/check-in': CHECK_IN,
    '/us-date': US_DATE,
    '/profile': NATIVE_AND_HINTED,
  });
  const { burnIn, replay } = pages;

  const out = (p: Page) => p.locator('#out').innerText();

  describe('a fill that had no visible effect', () => {
    it('types again key by key into a controlled field that undoes a value set at once, and replays it', async () => {
      const steps = await burnIn('/controlled', "Fill 'Voucher code' with 'SPRING26'");
      expect(await out(pages.page)).to.equal('Code: SPRING26');
      expect(steps).to.have.length(1);
      expect(steps[0]).to.include({ action: 'fill', value: 'SPRING26' });
      const fresh = await replay('/controlled', steps);
      expect(await out(fresh)).to.equal('Code: SPRING26');
      expect(await fresh.locator('#code').inputValue()).to.equal('SPRING26');
    });

    it('types key by key into a field whose keydown handler builds a formatted value (1250 shows as 12.50)', async () => {
      await burnIn('/amount', "Set 'Amount' to 1250");
      expect(await out(pages.page)).to.equal('1250 cents');
      expect(await pages.page.locator('#amount').inputValue()).to.equal('12.50');
    });

    it('fails the step saying what the field holds when even typing does not hold the value', async () => {
      await pages.page.goto(pages.site.url + '/short');
      const result = await new BuiltinAgent({ findTimeoutMs: 500 }).burnIn(
        pages.page,
        "Fill 'Initials' with 'Lovelace'",
        {
          baseUrl: pages.site.url,
          configs: {},
        },
      );
      expect(result.ok).to.equal(false);
      expect(result.error).to.match(
        /holds "Lov", not "Lovelace", after the value was set at once and typed key by key/,
      );
    });

    it('never types a secret key by key: the step fails instead, and the field got no key', async () => {
      await pages.page.goto(pages.site.url + '/controlled');
      const step: Step = {
        action: 'fill',
        target: { locators: [{ kind: 'css', selector: '#code' }], description: 'the "Voucher code" field' },
        value: '{{config.voucher}}',
        sentence: "Fill 'Voucher code' with config 'voucher'",
      };
      const error = await performStep(pages.page, step, {
        baseUrl: pages.site.url,
        configs: { shop: { voucher: 'S3cret-V' } },
        secrets: [{ value: 'S3cret-V', placeholder: '{{config.voucher}}' }],
      }).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).to.match(/does not keep the value set at once.*a secret is never typed key by key/);
      expect(await pages.page.locator('#keys').innerText()).to.equal('0');
    });
  });

  describe('spinner arrows beside a number', () => {
    const value = (p: Page, css: string) => p.locator(css).inputValue();

    it('clicks the unnamed + of a read-only quantity until it shows the value, and replays it', async () => {
      const steps = await burnIn('/quantity', "Set 'Quantity' to 3");
      expect(await value(pages.page, '#qty')).to.equal('3');
      const fresh = await replay('/quantity', steps);
      expect(await value(fresh, '#qty')).to.equal('3');
    });

    it('goes down with the unnamed - too ("Decrease the quantity to 0")', async () => {
      await burnIn('/quantity', 'Set the quantity to 2. Decrease the quantity to 0');
      expect(await value(pages.page, '#qty')).to.equal('0');
    });

    it('uses the named arrows of a group ("Increase \'Guests\' to 4", "Decrease Guests to 1")', async () => {
      await burnIn('/guests', "Increase 'Guests' to 4");
      expect(await value(pages.page, '#guests')).to.equal('4');
      await burnIn('/guests', 'Decrease Guests to 1');
      expect(await value(pages.page, '#guests')).to.equal('1');
    });

    it('clicks the arrows of a spinbutton that its arrow keys do not move', async () => {
      await burnIn('/guests', "Set 'Children' to 2");
      expect(await pages.page.locator('#children').getAttribute('aria-valuenow')).to.equal('2');
    });

    it('fails clearly when the value cannot be reached: the + is disabled at the maximum', async () => {
      await pages.page.goto(pages.site.url + '/guests');
      const result = await new BuiltinAgent({ findTimeoutMs: 500 }).burnIn(pages.page, "Set 'Guests' to 6", {
        baseUrl: pages.site.url,
        configs: {},
      });
      expect(result.ok).to.equal(false);
      expect(result.error).to.match(/shows 4 and its \+ button is disabled/);
    });
  });

  describe('a date field', () => {
    const value = (p: Page, css: string) => p.locator(css).inputValue();

    it('picks the day in the calendar of a read-only field, a month ahead, and replays it', async () => {
      const steps = await burnIn('/check-in', "Set 'Check-in' to 2026-12-24");
      expect(await value(pages.page, '#in')).to.equal('24 Dec 2026');
      expect(steps[0]).to.include({ action: 'fill', value: '2026-12-24' });
      const fresh = await replay('/check-in', steps);
      expect(await value(fresh, '#in')).to.equal('24 Dec 2026');
    });

    it('turns back to an earlier month and takes its 3rd, not the shown days of the month before', async () => {
      await burnIn('/check-in', 'Fill Check-in with 3 October 2026');
      expect(await value(pages.page, '#in')).to.equal('3 Oct 2026');
    });

    it('clicks the day when the field clears a date typed in another format ("Fill \'Date\' with 24/12/2026")', async () => {
      await burnIn('/us-date', "Fill 'Date' with 24/12/2026");
      expect(await value(pages.page, '#d')).to.equal('12/24/2026');
    });

    it('refuses an ambiguous date when the field does not say its order', async () => {
      await pages.page.goto(pages.site.url + '/us-date');
      const result = await new BuiltinAgent({ findTimeoutMs: 500 }).burnIn(pages.page, "Fill 'Date' with 03/04/2026", {
        baseUrl: pages.site.url,
        configs: {},
      });
      expect(result.ok).to.equal(false);
      expect(result.error).to.match(/could be April 3 or March 4.*does not say which order/);
      expect(await value(pages.page, '#d')).to.equal('');
    });

    it('gives a native date input the date in any spelling, and a hinted field the date in its format', async () => {
      await burnIn('/profile', "Set 'Arrival' to December 24, 2026. Fill 'Birthday' with 2026-04-03");
      expect(await value(pages.page, '#a')).to.equal('2026-12-24');
      expect(await value(pages.page, '#b')).to.equal('03/04/2026');
    });
  });
});
