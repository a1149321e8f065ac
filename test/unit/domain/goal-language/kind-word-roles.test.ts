// A kind word restricts the roles tried first; the verb's other roles only follow.
import { expect } from 'chai';
import { fittingRoles } from '../../../../backend/src/domain/goal-language/roles.js';

describe('roles a kind word asks for first', () => {
  const table: [Parameters<typeof fittingRoles>[0], string, string[], string[]][] = [
    // "Open the Drafts folder" / "Go to the Starred folder": a place, before any button of its name.
    ['open', 'folder', ['treeitem', 'link', 'tab'], ['button']],
    ['click', 'folder', ['treeitem', 'link', 'tab'], ['button']],
    ['click', 'button', ['button'], ['link']],
    ['click', 'link', ['link'], ['button']],
    ['click', 'tab', ['tab'], ['button']],
  ];
  for (const [purpose, noun, first, later] of table) {
    it(`${purpose} "the X ${noun}": ${first.join(', ')} first; ${later.join(', ')} only after`, () => {
      const roles = fittingRoles(purpose, noun);
      expect(roles.preferred).to.deep.equal(first);
      for (const role of later) expect(roles.fallback).to.include(role);
    });
  }
});
