import { expect } from 'chai';
import { splitGoal } from '../../../../backend/src/domain/goal-language/split-goal.js';

describe('goal language: splitting a goal into sentences', () => {
  const table: [string, string, string[]][] = [
    ['full stops', 'Go to /login. Click Sign in.', ['Go to /login', 'Click Sign in']],
    ['semicolons', "Go to /login; click 'Sign in'", ['Go to /login', "click 'Sign in'"]],
    ['new lines', "Go to /login\nClick 'Sign in'\r\nPress Enter", ['Go to /login', "Click 'Sign in'", 'Press Enter']],
    ['numbered list with dots', "1. Go to /login\n2. Click 'Sign in'", ['Go to /login', "Click 'Sign in'"]],
    ['numbered list with parentheses', "1) Go to /login\n2) Click 'Sign in'", ['Go to /login', "Click 'Sign in'"]],
    [
      'numbered list on one line',
      "1. Go to /login 2. Click 'Sign in' 3) Press Enter",
      ['Go to /login', "Click 'Sign in'", 'Press Enter'],
    ],
    ['bullets', "- Go to /login\n* Click 'Sign in'\n• Press Enter", ['Go to /login', "Click 'Sign in'", 'Press Enter']],
    [', then', "Go to /login, then click 'Sign in'", ['Go to /login', "click 'Sign in'"]],
    [' then ', "Go to /login then click 'Sign in'", ['Go to /login', "click 'Sign in'"]],
    ['and then', "Fill 'Email' with 'a@b.co' and then press Enter", ["Fill 'Email' with 'a@b.co'", 'press Enter']],
    ['a leading Then', "Go to /login. Then click 'Sign in'", ['Go to /login', "click 'Sign in'"]],
    ['a dot inside quotes', "Click 'Mr. Smith'. Press Enter", ["Click 'Mr. Smith'", 'Press Enter']],
    ['a semicolon inside quotes', "Fill 'Note' with 'a; b'", ["Fill 'Note' with 'a; b'"]],
    ['"then" inside quotes', "Click 'Save then close'", ["Click 'Save then close'"]],
    ['a URL with dots', 'Visit https://x.com/a.b. Click Docs', ['Visit https://x.com/a.b', 'Click Docs']],
    [
      'a URL at the end',
      'Go to https://example.com/docs/v1.2/index.html',
      ['Go to https://example.com/docs/v1.2/index.html'],
    ],
    ['a path', 'Go to /path/to.file', ['Go to /path/to.file']],
    [
      '"and press Enter" stays',
      "Type 'Buy milk' into 'What needs to be done?' and press Enter",
      ["Type 'Buy milk' into 'What needs to be done?' and press Enter"],
    ],
    ['an apostrophe is not a quote', "Click 'Don't panic'. Press Enter", ["Click 'Don't panic'", 'Press Enter']],
    ['typographic quotes', 'Click ‘Mr. Smith’. Click “Dr. No”', ['Click ‘Mr. Smith’', 'Click “Dr. No”']],
    [
      'placeholders',
      'Fill Email with {{config.email}}. Click Sign in',
      ['Fill Email with {{config.email}}', 'Click Sign in'],
    ],
    ['"First name" keeps its First', 'First name is shown', ['First name is shown']],
    ['empty goal', '  \n ', []],
    [
      'a title before a name',
      'Select Dr. Watson from Doctor. Click Book',
      ['Select Dr. Watson from Doctor', 'Click Book'],
    ],
    ['"No." before a number', 'Open order No. 42. Click Refund', ['Open order No. 42', 'Click Refund']],
    [
      '"e.g." inside a sentence',
      "Type a fruit, e.g. apple, into 'Search'",
      ["Type a fruit, e.g. apple, into 'Search'"],
    ],
    ['"No." as a word ends the sentence', 'Click No. Press Enter', ['Click No', 'Press Enter']],
    ['an abbreviation at the end', 'Click Mr. Smith. Open Dr.', ['Click Mr. Smith', 'Open Dr']],
    [
      'a title as the value, a word that starts no sentence after it',
      'Select Dr. from the Title dropdown. Choose Mrs. as the salutation',
      ['Select Dr. from the Title dropdown', 'Choose Mrs. as the salutation'],
    ],
    [
      'a value after "then": the same sentence, its verb left out',
      'Pick 15 December as check-in, then 12 December as check-out',
      ['Pick 15 December as check-in, then 12 December as check-out'],
    ],
    ['a title, then a sentence in lower case', 'Open Dr. then click Save', ['Open Dr', 'click Save']],
    [
      'a "!" inside a value that the sentence goes on after',
      'Type Sunshine2026! as the password and hit Show! Click Save',
      ['Type Sunshine2026! as the password and hit Show', 'Click Save'],
    ],
  ];
  for (const [name, goal, sentences] of table) it(name, () => expect(splitGoal(goal)).to.deep.equal(sentences));
});
