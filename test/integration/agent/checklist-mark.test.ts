// "The 'One number' rule is ticked": a checklist item drawn without a checkbox says whether it is met
// by aria-checked, by words a screen reader hears, by a tick or a circle, or by its class. An item
// that shows none of these tells nothing: the claim fails, as before.
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  '/rules': html(
    'Password',
    `<ul>
      <li class="met"><span aria-hidden="true">✓</span>One number<span class="sr"> (met)</span></li>
      <li><span aria-hidden="true">○</span>At least 8 characters<span class="sr"> (not met)</span></li>
      <li class="rule valid">One capital letter</li>
      <li class="rule invalid">One symbol</li>
      <li role="listitem" aria-checked="true">No spaces</li>
      <li>Not a dictionary word</li>
    </ul>`,
  ),
};

describe('built-in agent: a checklist item ticked without a checkbox', function () {
  const pages = useAgentPages(PAGES);
  itJudges(pages, [
    ['/rules', "The 'One number' rule is ticked", true],
    ['/rules', "The 'One number' rule is ticked but 'At least 8 characters' is not", true],
    ['/rules', "'At least 8 characters' is ticked", false],
    ['/rules', "'One capital letter' is checked and 'One symbol' is not", true],
    ['/rules', "'One symbol' is checked", false],
    ['/rules', "'No spaces' is ticked", true],
    // Nothing on it tells: neither reading passes.
    ['/rules', "'Not a dictionary word' is ticked", false],
    ['/rules', "'Not a dictionary word' is not ticked", false],
  ]);
});
