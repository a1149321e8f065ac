// The bench's count of regular expressions in domain/goal-language/: literals and RegExp calls, read
// from the syntax tree, so strings, comments and division are not counted.
import { expect } from 'chai';
import { countRegExps, goalLanguageSize } from '../bench/goal-language-size.js';

describe('bench: the size of the goal language', () => {
  const table: [string, string, number][] = [
    ['a literal', 'const a = /x+/i;', 1],
    ['new RegExp and RegExp()', "const a = new RegExp('x'); const b = RegExp(s, 'g');", 2],
    ['not in strings or comments', "const s = '/x/'; // /y/\n/* /z/ */ const t = `a/b/c`;", 0],
    ['not a division', 'const d = a / b / c;', 0],
    ['in arrays and calls', "f([/a/, /b/], text.replace(/c/g, ''));", 3],
  ];
  for (const [name, source, count] of table) it(name, () => expect(countRegExps(source)).to.equal(count));

  it('reads every file of the folder and counts the lexicon entries', () => {
    const size = goalLanguageSize();
    expect(size.byFile).to.have.property('parse-sentence.ts');
    expect(size.regularExpressions).to.equal(Object.values(size.byFile).reduce((a, b) => a + b, 0));
    expect(size.lexiconEntries).to.be.greaterThan(30);
  });
});
