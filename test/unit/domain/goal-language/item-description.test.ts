// Items named by what they are ("the Stripe invoice"): which item of a list a description picks.
import { expect } from 'chai';
import {
  describe as describePhrase,
  pickDescribed,
  namingPart,
} from '../../../../backend/src/domain/goal-language/item-description.js';

const ORDERS = ['Acme Corp · Your receipt for March', 'Zeta Bank · Statement for April', 'Acme Corp · Shipping notice'];
const TICKETS = ['Printer on floor 3 is jammed', 'Broken chair in meeting room', 'VPN drops every hour'];
const PEOPLE = ['Grace Hopper · Compilers talk', 'Alan Turing · Enigma notes', 'Grace Kelly · Film night'];

describe('items named by what they are', () => {
  const table: [string, string[], ReturnType<typeof pickDescribed>][] = [
    // A kind noun the item does not show is no content word.
    ['the Zeta statement', ORDERS, { item: 1 }],
    ['the message from Zeta Bank', ORDERS, { item: 1 }],
    // Two items hold the content word: the one that also shows the kind noun wins.
    ['the Acme receipt', ORDERS, { item: 0 }],
    // Both hold it, neither shows the kind noun: not clear which one.
    ['the Acme email', ORDERS, { tied: [0, 2] }],
    ['the ticket about the VPN', TICKETS, { item: 2 }],
    ['the broken chair ticket', TICKETS, { item: 1 }],
    ["Alan Turing's notes", PEOPLE, { item: 1 }],
    ['the Grace card', PEOPLE, { tied: [0, 2] }],
    ['the Grace Hopper row', PEOPLE, { item: 0 }],
    // A content word no item holds: nothing, never the closest.
    ['the Acme invoice from May', ORDERS, null],
    ['the printer ticket on floor 4', TICKETS, null],
  ];
  for (const [phrase, items, expected] of table) {
    it(`"${phrase}" -> ${JSON.stringify(expected)}`, () => {
      expect(pickDescribed(describePhrase(phrase)!, items)).to.deep.equal(expected);
    });
  }

  it('a phrase of kind nouns and filler alone describes nothing ("the email", "this message")', () => {
    for (const phrase of ['the email', 'this message', 'the card', 'one of the rows'])
      expect(describePhrase(phrase)).to.equal(null);
  });

  it('an item holding a fitting item is only its container (a column holding the card)', () => {
    const texts = ['To do · Write docs · Fix CI', 'Write docs', 'Fix CI'];
    expect(pickDescribed(describePhrase('the Write docs card')!, texts, [[1, 2], [], []])).to.deep.equal({ item: 1 });
  });

  it('records the item by its shortest part that no other item shows, naming it if it can', () => {
    const zeta = describePhrase('the email from Zeta Bank')!;
    const parts = ['Zeta Bank', 'Statement for April', 'Zeta Bank Statement for April'];
    expect(
      namingPart(
        zeta,
        parts,
        ORDERS.filter((_, i) => i !== 1),
      ),
    ).to.equal('Zeta Bank');
    // "Acme Corp" is on another item too: the part with the kind noun names it alone.
    const receipt = describePhrase('the Acme receipt')!;
    const acme = ['Acme Corp', 'Your receipt for March', 'Acme Corp Your receipt for March'];
    expect(namingPart(receipt, acme, [ORDERS[2]!])).to.equal('Acme Corp Your receipt for March');
    expect(namingPart(receipt, ['Acme Corp'], [ORDERS[2]!])).to.equal(null);
  });
});
