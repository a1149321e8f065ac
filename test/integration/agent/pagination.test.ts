// "Go to page 2 of the results": the pagination control of that number, whether it shows the
// number alone ("2") or is named "Page 2"; a quantity field showing 2 is not it.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const pager = (button: (n: number) => string) =>
  html(
    'Results',
    `<label>Quantity <input id="qty" value="2"></label><p id="shown">Page 1</p>
    <nav aria-label="Pagination">${[1, 2, 3].map(button).join('')}</nav>
    <script>document.querySelectorAll('nav button').forEach((b) => b.onclick = () => { shown.textContent = 'Page ' + b.dataset.n; });</script>`,
  );

describe('built-in agent: a numbered page of a list', function () {
  const pages = useAgentPages({
    '/plain': pager((n) => `<button data-n="${n}">${n}</button>`),
    '/named': pager((n) => `<button data-n="${n}" aria-label="Page ${n}">${n}</button>`),
  });

  for (const path of ['/plain', '/named'])
    it(`${path}: "Go to page 2 of the results" clicks the pager's 2`, async () => {
      await pages.burnIn(path, 'Go to page 2 of the results');
      expect(await pages.page.locator('#shown').innerText()).to.equal('Page 2');
    });
});
