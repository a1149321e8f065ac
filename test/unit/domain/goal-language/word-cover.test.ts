// A phrase's content words said by an element's name, in any order and form.
import { expect } from 'chai';
import { coversWords, sameWord } from '../../../../backend/src/domain/goal-language/word-cover.js';

describe('goal language: a name that says every word of a phrase', () => {
  const words: [string, string, boolean][] = [
    ['subscription', 'subscribed', true],
    ['delivery', 'delivered', true],
    ['notification', 'notification', true],
    ['setting', 'setting', true],
    // Short shared beginnings may be other words: not taken.
    ['present', 'preset', false],
    ['contact', 'contract', false],
    ['save', 'saved', false],
    ['notify', 'notification', false],
  ];
  for (const [a, b, same] of words)
    it(`"${a}" and "${b}" are ${same ? '' : 'not '}one word`, () => expect(sameWord(a, b)).to.equal(same));

  const phrases: [string, string, boolean][] = [
    ['newsletter subscription', 'Subscribed to the newsletter', true],
    ['the email notifications', 'Send me notifications by email', true],
    ['Billing address', 'Address for billing', true],
    // A kind of item is what it is, not its name.
    ['the refund policy question', 'What is your refund policy?', true],
    ['the card', 'Dark mode', false],
    // Every word, not most of them.
    ['newsletter subscription', 'Subscribed to offers', false],
    ['weekly newsletter', 'Newsletter', false],
    // Kind nouns and filler say nothing of the name: a phrase of them only names nothing.
    ['the checkbox', 'Remember me', false],
    ['the Remember me checkbox', 'Remember me', true],
    // A negation is a word however it is written, and never left out.
    ['the passwords do not match', "Passwords don't match.", true],
    ['the passwords do not match', 'Passwords match', false],
    ['the passwords match', "Passwords don't match.", false],
    ['newsletter subscription', "Don't subscribe me to the newsletter", false],
    // A pronoun left out is filler; another one speaks of someone else.
    ['Count you', 'Count me', false],
    ['Update your profile', 'Update my profile', false],
    ['Save your changes', 'Save changes', true],
    ['the email notifications', 'Email me notifications', true],
    ['Email me notifications', 'Email my notifications', true],
  ];
  for (const [phrase, name, covers] of phrases)
    it(`"${name}" ${covers ? 'says' : 'does not say'} every word of "${phrase}"`, () =>
      expect(coversWords(phrase, name)).to.equal(covers));
});
