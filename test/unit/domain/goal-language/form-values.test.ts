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
      ["Fill in 'grace@example.com', password 'Navy#1906', 'Grace Hopper', 'Canada'", "Click 'Continue'"],
    ],
    ["Fill 'Notes' with 'a, b'", null],
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
