// A kind word that picks among elements of one name: "the Starred folder" is the navigation link, not
// the star buttons of the rows that are named "Starred" too; a folder drawn as a button still works.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const MAIL = html(
  'Mail',
  `<nav><a href="#inbox" onclick="out.textContent = 'Inbox'">Inbox</a> <a href="#starred" onclick="out.textContent = 'Starred folder'">Starred</a></nav>
  <ul>${['Lunch', 'Budget']
    .map(
      (s) => `<li>${s} <button aria-pressed="true" onclick="out.textContent = 'Unstarred ${s}'">Starred</button></li>`,
    )
    .join('')}</ul><p id="out"></p>`,
);

// Folders drawn as buttons in a side panel: the kind word does not rule them out.
const FILES = html(
  'Files',
  `<aside><button onclick="out.textContent = 'Archive folder'">Archive</button> <button onclick="out.textContent = 'Projects folder'">Projects</button></aside>
  <p id="out"></p>`,
);

describe('built-in agent: a kind word picks among same-named elements', function () {
  const pages = useAgentPages({ '/mail': MAIL, '/files': FILES });
  const out = () => pages.page.locator('#out').innerText();

  it('"Go to the Starred folder" follows the link, not a star button named "Starred", and replays it', async () => {
    const steps = await pages.burnIn('/mail', 'Go to the Starred folder');
    expect(await out()).to.equal('Starred folder');
    const fresh = await pages.replay('/mail', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Starred folder');
  });

  it('"Open the Projects folder" clicks a folder drawn as a button when no link names it', async () => {
    await pages.burnIn('/files', 'Open the Projects folder');
    expect(await out()).to.equal('Projects folder');
  });

  it('"Click the Starred button in the row of Budget" still means the star button', async () => {
    await pages.burnIn('/mail', "Click the Starred button in the row of 'Budget'");
    expect(await out()).to.equal('Unstarred Budget');
  });
});
