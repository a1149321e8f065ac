// A contacts table whose rows show their fields as text, with an Edit button per row that opens a
// dialog: "Change Alan Turing's email to X and save" presses his row's Edit, fills the dialog's Email
// and saves (each a recorded step), and replays. A row with no Edit is not edited through another's.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const CONTACTS = html(
  'Contacts',
  `<input type="search" aria-label="Search contacts">
  <table><thead><tr><th>Name</th><th>Email</th><th></th></tr></thead><tbody id="rows"></tbody></table>
  <div role="dialog" aria-label="Edit contact" id="dialog" hidden><label>Email <input id="email"></label>
    <button id="save">Save changes</button><button onclick="dialog.hidden = true">Cancel</button></div>
  <script>
    const people = [{ name: 'Ada Lovelace', email: 'ada@example.com', edit: true }, { name: 'Alan Turing', email: 'alan@example.com', edit: true },
      { name: 'Grace Hopper', email: 'grace@example.com', edit: false }];
    let editing = null;
    const draw = () => {
      rows.innerHTML = people.map((p, i) => '<tr><td>' + p.name + '</td><td>' + p.email + '</td><td>' +
        (p.edit ? '<button title="Edit" data-i="' + i + '">✎</button>' : '') + '</td></tr>').join('');
      for (const b of rows.querySelectorAll('button')) b.onclick = () => { editing = Number(b.dataset.i); email.value = people[editing].email; dialog.hidden = false; };
    };
    save.onclick = () => { people[editing].email = email.value; dialog.hidden = true; draw(); };
    draw();
  </script>`,
);

// A ticket queue whose rows have no Edit: the ticket opens from its subject link, and its page has
// the Priority dropdown.
const TICKETS = html(
  'Tickets',
  `<table><thead><tr><th>Subject</th><th>Requester</th><th>Priority</th></tr></thead><tbody id="rows"></tbody></table>
  <section id="ticket" hidden><h2 id="subject"></h2><label>Priority <select id="priority"><option>Low</option><option>Normal</option><option>Urgent</option></select></label>
    <label>Impact <select id="impact"><option>Low</option><option>High</option></select></label>
    <a href="#" id="back">Back to the queue</a></section>
  <script>
    const tickets = [{ subject: 'Refund not received', who: 'Ada Lovelace', priority: 'Normal' }, { subject: 'Cannot log in', who: 'Ben Carter', priority: 'Urgent' }];
    let open = null;
    const draw = () => {
      rows.innerHTML = tickets.map((t, i) => '<tr><td><a href="#" data-i="' + i + '">' + t.subject + '</a></td><td>' + t.who + '</td><td>' + t.priority + '</td></tr>').join('');
      for (const a of rows.querySelectorAll('a')) a.onclick = (e) => { e.preventDefault(); open = Number(a.dataset.i); subject.textContent = tickets[open].subject; priority.value = tickets[open].priority; ticket.hidden = false; };
    };
    priority.onchange = () => { tickets[open].priority = priority.value; draw(); };
    draw();
  </script>`,
);

describe("built-in agent: a row's field edited in the row's editor", function () {
  const pages = useAgentPages({ '/contacts': CONTACTS, '/tickets': TICKETS });
  const emailOf = (p: typeof pages.page, name: string) =>
    p.locator('#rows tr', { hasText: name }).locator('td').nth(1).innerText();

  it('"Change Alan Turing\'s email to X and save" opens his editor, fills and saves; and replays', async () => {
    const steps = await pages.burnIn('/contacts', "Change Alan Turing's email to turing@example.com and save");
    expect(await emailOf(pages.page, 'Alan Turing')).to.equal('turing@example.com');
    expect(await emailOf(pages.page, 'Ada Lovelace')).to.equal('ada@example.com');
    expect(steps.map((step) => step.sentence)[0]).to.equal("Click 'Edit' in the row of 'Alan Turing'");
    const fresh = await pages.replay('/contacts', steps);
    expect(await emailOf(fresh, 'Alan Turing')).to.equal('turing@example.com');
  });

  it("a row with no Edit is opened from its link to reach the field: its ticket's Priority; and replays", async () => {
    const steps = await pages.burnIn('/tickets', "Set the priority of Ben Carter's ticket to Low");
    const priorityOf = (p: typeof pages.page, name: string) =>
      p.locator('#rows tr', { hasText: name }).locator('td').nth(2).innerText();
    expect(await priorityOf(pages.page, 'Ben Carter')).to.equal('Low');
    expect(await priorityOf(pages.page, 'Ada Lovelace')).to.equal('Normal');
    expect(steps.map((step) => step.sentence)).to.deep.equal([
      'Open the first link in the row of "Ben Carter\'s ticket"',
      "Set the priority of Ben Carter's ticket to Low",
    ]);
    expect(steps.map((step) => step.action)).to.deep.equal(['click', 'select']);
    const fresh = await pages.replay('/tickets', steps);
    expect(await priorityOf(fresh, 'Ben Carter')).to.equal('Low');
  });

  it('"Raise X from Normal to Urgent" opens X and chooses the value in the one control offering it', async () => {
    const steps = await pages.burnIn('/tickets', "Raise 'Refund not received' from Normal to Urgent");
    const priorityOf = (name: string) =>
      pages.page.locator('#rows tr', { hasText: name }).locator('td').nth(2).innerText();
    expect(await priorityOf('Refund not received')).to.equal('Urgent');
    expect(steps.map((step) => step.action)).to.deep.equal(['click', 'select']);
  });

  it('a value two controls of the item offer is refused, naming both', async () => {
    await pages.page.goto(pages.site.url + '/tickets');
    const result = await pages.agent.burnIn(pages.page, "Set 'Refund not received' to Low", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error, result.error).to.match(/'Priority' and 'Impact' both offer 'Low'/);
    expect(await pages.page.locator('#priority').inputValue()).to.equal('Normal');
  });

  it('a row without an Edit of its own is not edited through another row', async () => {
    await pages.page.goto(pages.site.url + '/contacts');
    const result = await pages.agent.burnIn(pages.page, "Change Grace Hopper's email to g@example.com", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(await pages.page.locator('#dialog').isHidden()).to.equal(true);
  });
});
