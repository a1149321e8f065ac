// Whether an item has a mark such as starred, read from its toggle's state, else its toggle's name,
// else a text it shows; unknown when nothing tells.
import { expect } from 'chai';
import { readMark, type ItemToggle } from '../../../../backend/src/domain/goal-language/item-marks.js';

describe('goal language: marks on an item (starred, pinned)', () => {
  const t = (name: string, on: boolean | null = null): ItemToggle => ({ name, on });
  const table: [string, ItemToggle[], string, boolean | null][] = [
    // The toggle's state decides, whatever its name says.
    ['starred', [t('Not starred', true)], '', true],
    ['starred', [t('Starred', false)], '', false],
    ['pinned', [t('Reply'), t('Pin', true)], '', true],
    // Without a state, its name: what it would do undoes the mark, or names the mark as set.
    ['starred', [t('Unstar')], '', true],
    ['starred', [t('Remove star')], '', true],
    ['starred', [t('Starred')], '', true],
    ['starred', [t('Star')], '', false],
    ['starred', [t('Add star')], '', false],
    ['starred', [t('Not starred')], '', false],
    ['pinned', [t('Unpin this message')], '', true],
    ['followed', [t('Follow')], '', false],
    ['liked', [t('Liked')], '', true],
    ['liked', [t('Like')], '', false],
    ['favorited', [t('Unfavorite')], '', true],
    ['favorited', [t('Favorited')], '', true],
    ['followed', [t('Following')], '', true],
    // Another word that begins the same is no toggle of the mark; a text shown is.
    ['starred', [t('Start')], '', null],
    ['pinned', [], 'Q4 roadmap Pinned', true],
    ['pinned', [], 'Q4 roadmap', null],
  ];
  for (const [mark, toggles, text, on] of table) {
    it(`${mark}: ${JSON.stringify(toggles.map((x) => [x.name, x.on]))} ${JSON.stringify(text)} -> ${on}`, () => {
      expect(readMark(mark, toggles, text).on).to.equal(on);
    });
  }
});
