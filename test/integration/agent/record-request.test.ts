// A new record told by its name and by values that say what they are ("Create a new event called
// Design review on Wednesday 2 December from 2pm to 3pm and invite Priya Shah"): the page's New
// button, each value in the field the form has for its kind (a day in the date field, the times in
// a dropdown of times and a time input, people picked from a people picker's suggestions), then
// Save. Burn-in in real Chromium, then a replay; a value no field takes fails and saves nothing.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const TIMES = Array.from({ length: 24 }, (_, h) => [
  `${String(h).padStart(2, '0')}:00`,
  `${String(h).padStart(2, '0')}:30`,
]).flat();
const CALENDAR = html(
  'Calendar',
  `<h1>Team calendar</h1><button id="new" type="button"><span aria-hidden="true">+</span> New event</button>
  <button type="button">Add calendar</button>
  <pre id="out"></pre><div id="slot"></div>
  <script>
    const PEOPLE = ['Priya Shah', 'Priyanka Rao', 'Marco Rossi'];
    document.getElementById('new').onclick = () => {
      slot.innerHTML = '<form role="dialog" aria-label="New event"><input id="title" aria-label="Title" placeholder="Add title">'
        + '<label for="date">Date</label><input id="date" type="date">'
        + '<select id="start" aria-label="Start time">${TIMES.map((t) => `<option>${t}</option>`).join('')}</select>'
        + '<label>Ends <input id="end" type="time"></label>'
        + '<label><input id="allday" type="checkbox"> All day</label>'
        + '<input id="guest" placeholder="Add guests" role="combobox" aria-autocomplete="list" aria-controls="people">'
        + '<ul id="people" role="listbox" hidden></ul><p id="chips"></p>'
        + '<button type="button" id="cancel">Cancel</button><button>Save</button></form>';
      const guests = [];
      guest.oninput = () => {
        const q = guest.value.toLowerCase();
        const found = PEOPLE.filter((p) => q && p.toLowerCase().includes(q) && !guests.includes(p));
        people.innerHTML = found.map((p) => '<li role="option">' + p + '</li>').join('');
        people.hidden = !found.length;
      };
      people.onmousedown = (e) => { e.preventDefault(); guests.push(e.target.textContent); chips.textContent = guests.join(', '); guest.value = ''; people.hidden = true; };
      slot.querySelector('form').onsubmit = (e) => {
        e.preventDefault();
        out.textContent = JSON.stringify({ title: title.value, date: date.value, start: allday.checked ? '' : start.value, end: allday.checked ? '' : end.value, allDay: allday.checked, guests });
        slot.innerHTML = '';
      };
    };
  </script>`,
);

describe('built-in agent: a new record told by its name and typed values', function () {
  const pages = useAgentPages({ '/calendar': CALENDAR });
  const { burnIn, replay } = pages;
  const saved = async (page = pages.page) => JSON.parse((await page.locator('#out').textContent()) || 'null');

  it('opens the form, puts the day, the times and a guest where they go, saves, and replays it', async () => {
    const steps = await burnIn(
      '/calendar',
      'Create a new event called Design review on Wednesday 2 December from 2pm to 3pm and invite Priya Shah',
    );
    const event = await saved();
    expect(event).to.deep.include({ title: 'Design review', start: '14:00', end: '15:00', allDay: false });
    expect(event.date).to.match(/^\d{4}-12-02$/);
    expect(event.guests).to.deep.equal(['Priya Shah']);
    expect(steps.map((s) => s.sentence)).to.include.members([
      "Select '14:00' from 'Start time'",
      "Fill 'Ends' with '15:00'",
      "Choose the 'Priya Shah' option",
    ]);
    const fresh = await replay('/calendar', steps);
    expect(await saved(fresh)).to.deep.equal(event);
  });

  it('reads a day said from today and an all-day event', async () => {
    await burnIn('/calendar', "Add an all-day event 'Offsite' tomorrow");
    const tomorrow = await pages.page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await saved()).to.deep.include({ title: 'Offsite', date: tomorrow, allDay: true });
  });

  it('fails naming the value no field takes, and saves nothing', async () => {
    await pages.page.goto(pages.site.url + '/calendar');
    const result = await pages.agent.burnIn(pages.page, "Schedule 'Lunch' on Friday at noon in Room 4", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/nothing on .* takes location 'Room 4'/);
    expect(await saved()).to.equal(null);
  });
});
