import { expect } from 'chai';
import { formEntries } from '../../../../backend/src/domain/goal-language/form-values.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { formatIntent } from '../../../../backend/src/domain/goal-language/format.js';

describe("a form's values given without their fields", () => {
  const entries: [string, [string | null, string][]][] = [
    [
      'ada@example.com / S3cure!pass',
      [
        [null, 'ada@example.com'],
        ['password', 'S3cure!pass'],
      ],
    ],
    [
      'grace@example.com (Navy#1906)',
      [
        [null, 'grace@example.com'],
        ['password', 'Navy#1906'],
      ],
    ],
    [
      'Ada Lovelace from the United Kingdom as a Developer',
      [
        [null, 'Ada Lovelace'],
        [null, 'United Kingdom'],
        [null, 'Developer'],
      ],
    ],
    [
      'Linus Torvalds in the Netherlands, role developer',
      [
        [null, 'Linus Torvalds'],
        [null, 'Netherlands'],
        ['role', 'developer'],
      ],
    ],
    [
      'Ada Lovelace and ada@example.com as the guest',
      [
        [null, 'Ada Lovelace'],
        [null, 'ada@example.com'],
      ],
    ],
    // A password said with its field is not guessed again; a word without a digit or sign is no password.
    [
      'ada@example.com with password lovelace',
      [
        [null, 'ada@example.com'],
        ['password', 'lovelace'],
      ],
    ],
    [
      'ada@example.com, Portugal',
      [
        [null, 'ada@example.com'],
        [null, 'Portugal'],
      ],
    ],
  ];
  for (const [list, expected] of entries)
    it(`"${list}"`, () => {
      expect(formEntries(list, [])?.map((e) => [e.field, e.value])).to.deep.equal(expected);
    });

  const sentences: [string, string[] | null][] = [
    [
      'Sign up as ada@example.com with password S3cure!pass',
      [
        "Fill in 'ada@example.com', password 'S3cure!pass'",
        "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit', 'Continue' or 'Next'",
      ],
    ],
    // The sentence's own "continue" is the sign-up's click, not a second one.
    [
      'Sign up with grace@example.com and Navy#1906, continue',
      ["Fill in 'grace@example.com', password 'Navy#1906'", "Click 'Continue'"],
    ],
    [
      'Fill in Ada Lovelace, United Kingdom, Developer and continue',
      ["Fill in 'Ada Lovelace', 'United Kingdom', 'Developer'", "Click 'Continue'"],
    ],
    // Each value with its field and no password: the sign-up rule's fills, as before.
    ['Sign up with username ada and name Ada', null],
    // A remark in brackets is no value; the sentence's own button is the sign-up's.
    [
      'Create an account with the email grace@example.com and the password sunshine2024 (typed in both password boxes) and press Continue',
      ["Fill in email 'grace@example.com', password 'sunshine2024'", "Click 'Continue'"],
    ],
    [
      'Fill the account (grace@example.com, Navy#1906) and the profile (Grace Hopper, Canada), continue to the plans',
      [
        "Fill in 'grace@example.com', password 'Navy#1906', 'Grace Hopper', 'Canada'",
        "Click 'Continue plans', 'Continue' or 'Next'",
      ],
    ],
    ["Fill 'Notes' with 'a, b'", null],
    // A wizard's values for several steps, said at once, whatever leads them.
    [
      'Sign up Ana Silva (ana@example.com, S3cret!, born 5 May 1995, phone 912 345 678 with the +351 Portugal country code)',
      [
        "Fill in 'Ana Silva', 'ana@example.com', password 'S3cret!', born '5 May 1995', phone '912 345 678', country code '+351 Portugal'",
        "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit', 'Continue' or 'Next'",
      ],
    ],
    [
      'Get all the way to Review as Chloe Martin (chloe@example.com, S3cret!) on the Standard plan',
      ["Fill in 'Chloe Martin', 'chloe@example.com', password 'S3cret!', 'Standard plan'", "Open 'Review step'"],
    ],
    [
      'as tom@example.com / S3cret!, Tom Baker born 20 January 1975, phone 7700 900555',
      ["Fill in 'tom@example.com', password 'S3cret!', 'Tom Baker', born '20 January 1975', phone '7700 900555'"],
    ],
    [
      'Go through the first two steps as Mia Jones (mia@example.com, S3cret!)',
      [
        "Fill in 'Mia Jones', 'mia@example.com', password 'S3cret!'",
        "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit', 'Continue' or 'Next'",
      ],
    ],
    [
      'Enter Lena Park, date of birth 30 November 2010, phone 7700 900123',
      ["Fill in 'Lena Park', date of birth '30 November 2010', phone '7700 900123'"],
    ],
    ['Add Raj Shah, 7700 900888', ["Fill in 'Raj Shah', '7700 900888'"]],
    // Items of a list, not a person's details; a text typed into one field.
    ["Add 'Milk', 'Eggs' and 'Bread'", null],
    ['Type Hello, world into the message box', null],
  ];
  for (const [sentence, plan] of sentences)
    it(`"${sentence}"`, () => {
      const parsed = parseSentence(sentence);
      expect(parsed.ok, JSON.stringify(parsed)).to.equal(true);
      if (!parsed.ok) return;
      const formatted = parsed.actions.map((a) => formatIntent(a.intent));
      if (plan) expect(formatted).to.deep.equal(plan);
      else expect(parsed.actions.some((a) => a.intent.kind === 'fillForm')).to.equal(false);
    });
});
