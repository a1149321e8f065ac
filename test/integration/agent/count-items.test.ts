// "4 contacts are shown" on a page whose only list is a table: its data rows are the items. A page
// with lists counts its lists only (a table is not a fallback there), as before.
import { useAgentPages, itJudges } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const rows = (names: string[]) =>
  `<table><thead><tr><th>Name</th></tr></thead><tbody>${names.map((n) => `<tr><td>${n}</td></tr>`).join('')}</tbody></table>`;
const CONTACTS = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Linus Torvalds'];

describe('built-in agent: counting items that are table rows', function () {
  const pages = useAgentPages({
    '/table': html('Contacts', `<h1>Contacts</h1>${rows(CONTACTS)}`),
    '/lists-too': html('Contacts', `<nav><ul><li>Deals</li><li>Contacts</li></ul></nav>${rows(CONTACTS)}`),
  });
  itJudges(pages, [
    ['/table', '4 contacts are shown', true],
    ['/table', 'All 4 contacts are still listed', true],
    ['/table', 'There are 4 contacts', true],
    ['/table', '5 contacts are shown', false],
    ['/lists-too', '4 contacts are shown', false],
  ]);
});
