// "4 contacts are shown" on a page whose only list is a table: its data rows are the items. So they are
// where every other list is the page's navigation (a sidebar of views); a page with a list of content
// counts its lists only (a table is not a fallback there).
import { useAgentPages, itJudges } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const rows = (names: string[]) =>
  `<table><thead><tr><th>Name</th></tr></thead><tbody>${names.map((n) => `<tr><td>${n}</td></tr>`).join('')}</tbody></table>`;
const CONTACTS = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Linus Torvalds'];

describe('built-in agent: counting items that are table rows', function () {
  const pages = useAgentPages({
    '/table': html('Contacts', `<h1>Contacts</h1>${rows(CONTACTS)}`),
    '/nav-too': html('Contacts', `<nav><ul><li>Deals</li><li>Contacts</li></ul></nav>${rows(CONTACTS)}`),
    '/lists-too': html('Contacts', `<ul><li>Deals</li><li>Contacts</li></ul>${rows(CONTACTS)}`),
  });
  itJudges(pages, [
    ['/table', '4 contacts are shown', true],
    ['/table', 'All 4 contacts are still listed', true],
    ['/table', 'There are 4 contacts', true],
    ['/table', '5 contacts are shown', false],
    ['/nav-too', '4 contacts are shown', true],
    ['/nav-too', '2 contacts are shown', false],
    ['/lists-too', '4 contacts are shown', false],
  ]);
});
