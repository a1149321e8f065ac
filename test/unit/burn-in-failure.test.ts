import { expect } from 'chai';
import { burnInFailure } from '../../backend/src/app/generate-test-case.js';

describe("a failed burn-in's message says everything once", () => {
  const phrasings = 'Understood phrasings (quotes optional where unambiguous):';
  const understood = `Could not understand "Frobnicate". ${phrasings}\n  navigate: Go to /path`;
  const table: [string, string | null, string | null, string][] = [
    // The tester's case: the title is the first line of the thought, and ends in ":".
    [
      'a title that is the first line of the thought',
      `Could not understand "Frobnicate". ${phrasings}`,
      understood,
      understood,
    ],
    [
      'a title that is the whole thought',
      'The goal could not be carried out',
      'The goal could not be carried out',
      'The goal could not be carried out',
    ],
    [
      'a title of its own, then the thought on its own line',
      'Could not reach the state of "Sign in", which this test case resumes from',
      understood,
      `Could not reach the state of "Sign in", which this test case resumes from\n${understood}`,
    ],
    ['no title', null, 'Something broke', 'Something broke'],
    ['no thought', 'Something broke', '', 'Something broke'],
    ['neither', null, null, ''],
    [
      'space around them',
      '  Could not do it  ',
      'Could not do it, because\nof this',
      'Could not do it, because\nof this',
    ],
  ];
  for (const [title, resultTitle, thought, message] of table) {
    it(title, () => {
      expect(burnInFailure(resultTitle, thought)).to.equal(message);
      expect(burnInFailure(resultTitle, thought)).to.not.include('::');
    });
  }
});
