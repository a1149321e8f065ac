import { expect } from 'chai';
import {
  arrowDirection,
  controlWordScore,
  identifierWords,
  monthStep,
} from '../../../backend/src/domain/control-words.js';

describe('control words: unnamed controls read by their identifiers', () => {
  const split: [string, string[]][] = [
    ['destroy', ['destroy']],
    ['removeItemButton', ['remove', 'item', 'button']],
    ['remove-item_btn', ['remove', 'item', 'btn']],
    ['fa fa-trash-o', ['fa', 'fa', 'trash', 'o']],
    ['XMLHttpButton', ['xml', 'http', 'button']],
  ];
  for (const [text, words] of split)
    it(`splits ${JSON.stringify(text)}`, () => expect(identifierWords(text)).to.deep.equal(words));

  const scores: [string, string, number][] = [
    ['Delete', 'destroy', 1],
    ['Remove', 'remove-todo-button', 1],
    ['Delete', 'icon trash', 1],
    ['Delete', 'trashcan', 1],
    ['Close', 'btn-close', 1],
    ['Dismiss', 'x', 1],
    ['Edit', 'pencil', 1],
    ['Add to cart', 'add-to-cart', 1],
    ['Add to cart', 'cart-add', 1],
    ['Add to cart', 'add', 0.5],
    ['Settings', 'gear', 1],
    ['Open menu', 'hamburger', 0.5],
    ['Menu', 'hamburger', 1],
    ['Increment', 'plus', 1],
    ['Delete', 'edit', 0],
    ['Sign in', 'destroy', 0],
    ['Close', 'closet', 0],
    ['the button', 'destroy', 0],
  ];
  for (const [wanted, identifiers, score] of scores) {
    it(`${JSON.stringify(wanted)} against ${JSON.stringify(identifiers)} scores ${score}`, () =>
      expect(controlWordScore(wanted, identifierWords(identifiers))).to.equal(score));
  }
});

describe("control words: which way a number field's arrow button goes", () => {
  const rows: [string[], 'up' | 'down' | null][] = [
    [['+'], 'up'],
    [['−'], 'down'],
    [['-'], 'down'],
    [['Increase guests'], 'up'],
    [['Decrease quantity'], 'down'],
    [['qty-btn qty-plus'], 'up'],
    [['btn minus'], 'down'],
    [['material-icons', 'add'], 'up'],
    [['material-icons', 'remove'], 'down'],
    [['chevron-up'], 'up'],
    [['arrow-down'], 'down'],
    [['step-button'], null],
    [[], null],
    [['plus', 'minus'], null],
  ];
  for (const [texts, direction] of rows)
    it(`${JSON.stringify(texts)} goes ${direction ?? 'no known way'}`, () =>
      expect(arrowDirection(texts)).to.equal(direction));
});

describe("control words: which way a calendar's control turns the month", () => {
  const rows: [string[], 'next' | 'previous' | null][] = [
    [['Next month'], 'next'],
    [['›'], 'next'],
    [['ui-datepicker-prev ui-corner-all', 'Prev'], 'previous'],
    [['flatpickr-next-month'], 'next'],
    [['pika-prev'], 'previous'],
    [['Previous Month', 'chevron-left'], 'previous'],
    [['Next year', '»'], null],
    [['Today'], null],
  ];
  for (const [texts, step] of rows)
    it(`${JSON.stringify(texts)} turns ${step ?? 'no known way'}`, () => expect(monthStep(texts)).to.equal(step));
});
