import { expect } from 'chai';
import { excerpt, EXCERPT_CHARS } from '../../../backend/src/domain/excerpt.js';

describe('excerpt of another system’s answer', () => {
  it('keeps a short answer as it is, on one line', () => {
    expect(excerpt('Not Found')).to.equal('Not Found');
    expect(excerpt('  Bad\r\n\tcredentials\u0000 ')).to.equal('Bad credentials');
  });

  it(`cuts a long one to ${EXCERPT_CHARS} characters, marked`, () => {
    const page = `<html>${'internal data '.repeat(100)}END</html>`;
    const cut = excerpt(page);
    expect(Array.from(cut)).to.have.length(EXCERPT_CHARS);
    expect(cut.startsWith('<html>internal data')).to.equal(true);
    expect(cut.endsWith('…')).to.equal(true);
    expect(cut).not.to.include('END');
    expect(Array.from(excerpt('😀'.repeat(300), 10))).to.have.length(10);
  });
});
