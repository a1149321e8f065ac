import { expect } from 'chai';
import {
  meantForHere,
  placeEntry,
  placeNamedValue,
  type FormControl,
} from '../../../backend/src/agent/place-values.js';

const text = (name: string, type = 'text', empty = true, group = ''): FormControl => ({
  kind: 'text',
  type,
  name,
  options: [],
  empty,
  required: false,
  group,
});
const select = (name: string, options: string[], required = true, group = ''): FormControl => ({
  kind: 'select',
  type: '',
  name,
  options,
  empty: true,
  required,
  group,
});
const choice = (name: string, group = '', kind: 'choice' | 'check' = 'choice'): FormControl => ({
  kind,
  type: '',
  name,
  options: [],
  empty: true,
  required: false,
  group,
});

const ACCOUNT = [text('Work email', 'email'), text('Password', 'password'), text('Confirm password', 'password')];
const PROFILE = [
  text('First name'),
  text('Last name'),
  text('Company (optional)'),
  select('Country', ['United Kingdom', 'United States', 'Netherlands']),
  choice('Developer — I write code'),
  choice('Designer'),
];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const ABOUT = [
  text('First name'),
  text('Last name'),
  select('Day', DAYS, true, 'Date of birth'),
  select('Month', MONTHS, true, 'Date of birth'),
  select('Year', ['2000', '1999', '1988'], true, 'Date of birth'),
  text('Day', 'text', true, 'Start date'),
  text('Month', 'text', true, 'Start date'),
  text('Year', 'text', true, 'Start date'),
];
const MEMBERSHIP = [
  choice('Off-peak', 'Plan'),
  choice('Standard', 'Plan'),
  choice('Towel service', '', 'check'),
  choice('Locker', '', 'check'),
];
const GUEST = [text('Full name'), text('Email'), text('Phone', 'tel'), text('Guests', 'number')];

describe('which field of the page takes a value given without its field', () => {
  const cases: [string, FormControl[], string | null, string, string[] | null][] = [
    ['an address: the email field', ACCOUNT, null, 'ada@example.com', ['fill Work email ada@example.com']],
    [
      'a password: every password box, its confirmation too',
      ACCOUNT,
      'password',
      'S3cure!pass',
      ['fill Password S3cure!pass', 'fill Confirm password S3cure!pass'],
    ],
    ['"confirm password": only the confirmation', ACCOUNT, 'confirm password', 'x1!', ['fill Confirm password x1!']],
    ['a name: first and last name', PROFILE, null, 'Ada Lovelace', ['fill First name Ada', 'fill Last name Lovelace']],
    ['a name: the one name field', GUEST, null, 'Ada Lovelace', ['fill Full name Ada Lovelace']],
    ["a dropdown's option", PROFILE, null, 'United Kingdom', ['select Country United Kingdom']],
    ['a choice by the start of its name', PROFILE, null, 'developer', ['choose Developer — I write code']],
    ['a field given that names a field', PROFILE, 'company', 'Acme', ['fill Company (optional) Acme']],
    ['a field given that names nothing: the value by what it is', PROFILE, 'profile', 'Designer', ['choose Designer']],
    ['a phone number', GUEST, null, '+44 20 7946 0958', ['fill Phone +44 20 7946 0958']],
    ['the only number field', GUEST, null, '2', ['fill Guests 2']],
    [
      'a date to the day, month and year dropdowns of the group it names',
      ABOUT,
      'born',
      '12 July 1988',
      ['select Day 12', 'select Month July', 'select Year 1988'],
    ],
    [
      'a date typed into the day, month and year boxes of the group it names',
      ABOUT,
      'start date',
      '3 March 2026',
      ['fill Day 3', 'fill Month 3', 'fill Year 2026'],
    ],
    ['a date no option of the year takes: not placed', ABOUT, 'date of birth', '1 May 1970', null],
    [
      '"name" for a person beside first and last name',
      ABOUT,
      'name',
      'Sam Lee',
      ['fill First name Sam', 'fill Last name Lee'],
    ],
    ["a plan card said with its group's noun", MEMBERSHIP, null, 'Off-peak plan', ['choose Off-peak']],
    ['an add-on switch, turned on', MEMBERSHIP, null, 'Locker', ['check Locker']],
    // Nothing here takes it: not placed (a wizard's next step may).
    ['a name on the account step', ACCOUNT, null, 'Ada Lovelace', null],
    ['an option no dropdown offers', PROFILE, null, 'Portugal', null],
    ['a word that is nothing on the page', PROFILE, null, 'founder', null],
  ];
  for (const [name, controls, field, value, expected] of cases)
    it(name, () => {
      const placed = placeEntry({ field, value }, controls, new Set());
      expect(placed?.map((p) => [p.kind, p.field, p.value].filter((x) => x !== null).join(' ')) ?? null).to.deep.equal(
        expected,
      );
    });

  it('a control used once is not used again: the second name has nowhere to go', () => {
    const used = new Set(['First name', 'Last name']);
    expect(placeEntry({ field: null, value: 'Alan Turing' }, PROFILE, used)).to.equal(null);
  });
});

describe('whether a value nothing here takes was meant for this step of a wizard', () => {
  const cases: [string, FormControl[], string, boolean][] = [
    ['an option beside an empty dropdown: meant here', PROFILE, 'Portugal', true],
    ['a name on the account step: the next step', ACCOUNT, 'Ada Lovelace', false],
    ['an address: never held back by a dropdown', PROFILE, 'ada@example.com', false],
    ['a dropdown already set: the next step', [{ ...select('Country', ['Chile']), empty: false }], 'Portugal', false],
    [
      'an optional dropdown left empty: the next step',
      [select('How did you hear about us', ['Friend'], false)],
      'Free plan',
      false,
    ],
  ];
  for (const [name, controls, value, here] of cases)
    it(name, () => expect(meantForHere({ field: null, value }, controls)).to.equal(here));
});

describe('a named field that names none or several, placed by the value', () => {
  const cases: [string, FormControl[], string, string, string[] | null][] = [
    [
      '"name" for a person: first and last name',
      PROFILE,
      'name',
      'Grace Hopper',
      ['fill First name Grace', 'fill Last name Hopper'],
    ],
    ['"phone number" for the field "Phone"', GUEST, 'phone number', '555-0199 123', ['fill Phone 555-0199 123']],
    // The field the value would go to says none of the words: not placed.
    ['"nickname" is not the name field', GUEST, 'nickname', 'Ada Lovelace', null],
    ['"billing address" is not the work email field', ACCOUNT, 'billing address', 'ada@example.com', null],
  ];
  for (const [name, controls, field, value, expected] of cases)
    it(name, () => {
      const placed = placeNamedValue(field, value, controls);
      expect(placed?.map((p) => [p.kind, p.field, p.value].join(' ')) ?? null).to.deep.equal(expected);
    });
});
