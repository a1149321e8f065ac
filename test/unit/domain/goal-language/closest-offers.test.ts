import { expect } from 'chai';
import {
  closestOffers,
  contentWords,
  describeNoting,
  describeOffer,
  foldWord,
  phrasingFor,
  type PageElement,
} from '../../../../backend/src/domain/goal-language/closest-offers.js';

const CLICKABLE = ['button', 'link', 'menuitem', 'tab', 'checkbox'];

describe('goal language: what the page offers closest to a sentence', () => {
  describe('folding words', () => {
    const table: [string, string][] = [
      ['Settings', 'setting'],
      ['boxes', 'box'],
      ['categories', 'category'],
      ['addresses', 'address'],
      ['status', 'status'],
      ['address', 'address'],
      ['bus', 'bus'],
      ['Save', 'save'],
    ];
    for (const [word, folded] of table)
      it(`${word} -> ${folded}`, () => {
        expect(foldWord(word)).to.equal(folded);
      });
  });

  describe('content words', () => {
    const table: [string, string[]][] = [
      ['Save the settings', ['save', 'settings']],
      ['Please click on the Settings link', ['on', 'settings']],
      ['Tick the "Remember me" checkbox', ['tick', 'remember']],
      ['Open the FILES and the files', ['open', 'files']],
      ['Do it now', ['do']],
    ];
    for (const [text, words] of table)
      it(JSON.stringify(text), () => {
        expect(contentWords(text).map((w) => w.written)).to.deep.equal(words);
      });
  });

  describe('ranking the elements of a page', () => {
    const settingsPage: PageElement[] = [
      { role: 'link', name: 'Settings' },
      { role: 'heading', name: 'Your settings' },
      { role: 'button', name: 'Save settings' },
      { role: 'button', name: 'Cancel' },
    ];
    const loginPage: PageElement[] = [
      { role: 'heading', name: 'Sign in to your account' },
      { role: 'link', name: 'Sign in with GitHub' },
      { role: 'textbox', name: 'Email' },
      { role: 'button', name: 'Sign in' },
    ];
    const table: [string, string, PageElement[], string[], string[]][] = [
      [
        'every word shared beats a part, whatever the word order and filler',
        'Save the settings',
        settingsPage,
        CLICKABLE,
        ['button "Save settings"', 'link "Settings" (missing "save")', 'heading "Your settings" (missing "save")'],
      ],
      [
        'word order and case do not count',
        'SETTINGS SAVE',
        settingsPage,
        CLICKABLE,
        ['button "Save settings"', 'link "Settings" (missing "save")', 'heading "Your settings" (missing "save")'],
      ],
      [
        'among equals, a role that fits and then fewer words of its own come first',
        'Sign up',
        loginPage,
        CLICKABLE,
        [
          'button "Sign in" (missing "up")',
          'link "Sign in with GitHub" (missing "up")',
          'heading "Sign in to your account" (missing "up")',
        ],
      ],
      [
        'a kind noun in the sentence asks for that role instead of the fitting ones',
        'the settings heading',
        settingsPage,
        CLICKABLE,
        ['heading "Your settings"', 'link "Settings"', 'button "Save settings"'],
      ],
      ['nothing sharing a word is offered', 'Frobnicate the widget', settingsPage, CLICKABLE, []],
      ['a sentence of filler only offers nothing', 'Click it', settingsPage, CLICKABLE, []],
      [
        'plural and singular are one word',
        'Open category',
        [
          { role: 'link', name: 'All categories' },
          { role: 'link', name: 'All categories' },
        ],
        CLICKABLE,
        ['link "All categories" (missing "open")'],
      ],
    ];
    for (const [title, text, page, fitting, expected] of table)
      it(title, () => {
        expect(closestOffers(text, page, fitting).map(describeOffer)).to.deep.equal(expected);
      });

    it('offers at most the limit', () => {
      expect(closestOffers('Sign in', loginPage, CLICKABLE, { limit: 1 }).map(describeOffer)).to.deep.equal([
        'button "Sign in"',
      ]);
    });

    it('a note follows what an offer lacks', () => {
      expect(describeNoting({ role: 'link', name: 'Settings', missing: ['save'] }, 'say e.g. x')).to.equal(
        'link "Settings" (missing "save"; say e.g. x)',
      );
      expect(describeNoting({ role: 'link', name: 'Settings', missing: [] }, 'say e.g. x')).to.equal(
        'link "Settings" (say e.g. x)',
      );
    });

    it('when asked, offers the elements of a fitting role when none shares a word', () => {
      expect(
        closestOffers('Remember me', loginPage, ['textbox', 'checkbox'], { orFitting: true }).map(describeOffer),
      ).to.deep.equal(['textbox "Email" (missing "remember")']);
      expect(closestOffers('Remember me', loginPage, ['checkbox'], { orFitting: true })).to.deep.equal([]);
    });
  });

  describe('a phrasing that would act on an offered element', () => {
    const table: [PageElement, string | null][] = [
      [{ role: 'button', name: 'Save settings' }, "Click 'Save settings'"],
      [{ role: 'link', name: 'Docs' }, "Click 'Docs'"],
      [{ role: 'textbox', name: 'Email' }, "Fill 'Email' with '...'"],
      [{ role: 'combobox', name: 'Country' }, "Select '...' from 'Country'"],
      [{ role: 'checkbox', name: 'I agree' }, "Check 'I agree'"],
      [{ role: 'heading', name: 'Settings' }, null],
    ];
    for (const [element, phrasing] of table)
      it(`${element.role} "${element.name}"`, () => {
        expect(phrasingFor(element)).to.equal(phrasing);
      });
  });
});
