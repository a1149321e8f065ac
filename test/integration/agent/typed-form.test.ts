// A search form filled from values known by their type ("Search Berlin 3–5 March for 2 adults and
// 1 child"): a city dropdown, read-only dates behind a calendar, counts shown in <output>s between
// - and +, all drawn again on every change as small single-page apps do. Burn-in in real Chromium,
// then a replay of the recorded steps on a fresh page.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const CALENDAR = `<script>${readFileSync(new URL('../../fixtures/widgets/calendar.js', import.meta.url), 'utf8')}</script>`;

// Everything is drawn from state on each change; the dates show without a year ("Mar 3").
const TRIP = html(
  'Trips',
  `<div id="app"></div>${CALENDAR}
  <script>
    const s = { city: 'Oslo', from: null, to: null, adults: 1, children: 0, done: '' };
    const show = (d) => d ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }) : '';
    const counter = (key, label, max) => '<div><span id="' + key + '-l">' + label + '</span> <button type="button" data-k="' + key + '" data-d="-1">−</button><output aria-labelledby="' + key + '-l">' + s[key] + '</output><button type="button" data-k="' + key + '" data-d="1" ' + (s[key] >= max ? 'disabled' : '') + '>+</button></div>';
    function draw() {
      app.innerHTML = '<label for="city">City</label><select id="city">' + ['Oslo', 'Berlin', 'Rome'].map((c) => '<option' + (c === s.city ? ' selected' : '') + '>' + c + '</option>').join('') + '</select>'
        + '<label for="from">Arrival</label><input id="from" readonly value="' + show(s.from) + '"><label for="to">Departure</label><input id="to" readonly value="' + show(s.to) + '">'
        + counter('adults', 'Adults', 6) + counter('children', 'Children', 3) + '<button id="go">Search trips</button><p id="out">' + s.done + '</p>';
      city.onchange = () => { s.city = city.value; draw(); };
      for (const b of app.querySelectorAll('[data-k]')) b.onclick = () => { s[b.dataset.k] += Number(b.dataset.d); draw(); };
      for (const key of ['from', 'to']) calendar(document.getElementById(key), { write: (d) => { s[key] = d; setTimeout(draw); return show(d); } });
      go.onclick = () => { s.done = s.city + ' ' + show(s.from) + ' to ' + show(s.to) + ', ' + s.adults + ' adults, ' + s.children + ' children'; draw(); };
    }
    draw();
  </script>`,
);

describe('built-in agent: a form filled from typed values', function () {
  const pages = useAgentPages({ '/trip': TRIP });
  const { burnIn, replay } = pages;
  const out = (p: typeof pages.page) => p.locator('#out').innerText();
  const attempt = async (goal: string) => {
    await pages.page.goto(pages.site.url + '/trip');
    return pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
  };

  it('fills the city, both dates and the counts, clicks Search, and replays it', async () => {
    const steps = await burnIn('/trip', 'Search Berlin from 3 to 5 March for 2 adults and 1 child');
    expect(await out(pages.page)).to.equal('Berlin Mar 3 to Mar 5, 2 adults, 1 children');
    const fresh = await replay('/trip', steps);
    expect(await out(fresh)).to.equal('Berlin Mar 3 to Mar 5, 2 adults, 1 children');
  });

  it('fails saying the + is disabled when a count is beyond the picker’s limit', async () => {
    const result = await attempt('Search Rome 3–5 Mar for 5 children');
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/Children.*shows 3 and its \+ button is disabled/);
  });

  it('refuses a count whose noun names no field, naming what the page offers', async () => {
    const result = await attempt('Search Rome 3–5 Mar for 2 pets');
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/Pets/);
    expect(await out(pages.page)).to.equal('');
  });
});
