import { expect } from 'chai';
import { contextChecks } from '../../../backend/src/domain/review/context-checks.js';

describe('review context: which sentences are checks', () => {
  const cases: [string, string | null, string[]][] = [
    ['nothing', null, []],
    ['notes only', 'Be kind. The team is new to this.', []],
    [
      'goal sentences around a note: two checks',
      "Go to /about. Verify that 'We sell things' is shown. Focus on the new banner, please. Go to /. Verify that 'Free shipping' is shown.",
      ["Go to /about\nVerify that 'We sell things' is shown", "Go to /\nVerify that 'Free shipping' is shown"],
    ],
    // An unknown verb may name a control on a page, but in free text it is a note for people.
    ['a sentence read only as the control its first word names', 'Publish the post. Praise the new layout.', []],
    ['a known verb is a check', "Click 'Sign in'", ["Click 'Sign in'"]],
  ];
  for (const [what, context, checks] of cases)
    it(what, () => {
      expect(contextChecks(context)).to.deep.equal(checks);
    });
});
