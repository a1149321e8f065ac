import { expect } from 'chai';
import {
  changesMeaning,
  compareNames,
  describeFacts,
  judgeHeal,
  type RecordedTargetFacts,
  type TargetFacts,
} from '../../../backend/src/domain/heal-acceptance.js';

const button = (name: string, scope: string | null = null): TargetFacts => ({ role: 'button', name, scope });
const link = (name: string, scope: string | null = null): TargetFacts => ({ role: 'link', name, scope });
const heading = (name: string): TargetFacts => ({ role: 'heading', name, scope: null });
const field = (name: string): TargetFacts => ({ role: 'textbox', name, scope: null });
const recorded = (facts: TargetFacts, byText = false): RecordedTargetFacts => ({ ...facts, byText });

describe('heal acceptance: a healed target keeps what the step does', () => {
  const refused: [string, RecordedTargetFacts, TargetFacts, string][] = [
    ["'Log in' button to the heading 'Log in'", recorded(button('Log in')), heading('Log in'), 'another role'],
    [
      "'Log in' by its text to the heading 'Log in'",
      recorded(button('Log in'), true),
      heading('Log in'),
      'another role',
    ],
    [
      "'Log in' button to the list item 'Log in'",
      recorded(button('Log in')),
      { role: 'listitem', name: 'Log in', scope: null },
      'another role',
    ],
    [
      "'Save settings' to the nav link 'Settings'",
      recorded(button('Save settings'), true),
      link('Settings'),
      'its name is only part of the old one',
    ],
    [
      "'Save settings' to the button 'Settings'",
      recorded(button('Save settings')),
      button('Settings'),
      'its name is only part of the old one',
    ],
    [
      "'Save settings' button to the link 'Save settings'",
      recorded(button('Save settings')),
      link('Save settings'),
      'another role',
    ],
    [
      "'Clear list' to 'Clear'",
      recorded(button('Clear list')),
      button('Clear'),
      'its name is only part of the old one',
    ],
    [
      "link 'Pricing' to 'Pricing FAQ'",
      recorded(link('Pricing')),
      link('Pricing FAQ'),
      'its name only contains the old one',
    ],
    [
      "'Next' to a link containing 'next'",
      recorded(link('Next'), true),
      link('Next page'),
      'its name only contains the old one',
    ],
    [
      "'Login' to 'Login now' (by letters)",
      recorded(button('Login')),
      button('Login now'),
      'its name only contains the old one',
    ],
    [
      "a row's 'Delete' to the toolbar's 'Delete all'",
      recorded(button('Delete', 'the row of "Buy milk"')),
      button('Delete all'),
      'not in the row of "Buy milk"',
    ],
    [
      "a row's 'Delete' to another row's 'Delete'",
      recorded(button('Delete', 'the row of "Buy milk"')),
      button('Delete', 'the row of "Walk the dog"'),
      'not in the row of "Buy milk"',
    ],
    [
      "a row's 'Delete' to the page's 'Delete'",
      recorded(button('Delete', 'the row of "Buy milk"')),
      button('Delete'),
      'not in the row of "Buy milk"',
    ],
    [
      "'Delete' on the page to one in a dialog",
      recorded(button('Delete')),
      button('Delete', 'dialog "Confirm"'),
      'in dialog "Confirm", not where it was',
    ],
    ["'Log in' renamed 'Sign in'", recorded(button('Log in')), button('Sign in'), 'another name'],
    [
      "'Save settings' renamed 'Save changes'",
      recorded(button('Save settings')),
      button('Save changes'),
      'another name',
    ],
    ["'Sign in' to 'Sign up'", recorded(button('Sign in')), button('Sign up'), 'another name'],
    ["'Save' to 'Wave' (one letter, a short word)", recorded(button('Save')), button('Wave'), 'another name'],
    [
      "a row's '×' icon to another row's",
      recorded(button('×', 'the row of "Buy milk"')),
      button('Remove task', 'the row of "Walk the dog"'),
      'not in the row of "Buy milk"',
    ],
    ["a '×' icon to a link", recorded(button('×')), link('Remove'), 'another role'],
    ["'Edit' to 'Exit'", recorded(button('Edit')), button('Exit'), 'another name'],
    [
      "'Mark all as read' to 'Mark all as unread'",
      recorded(button('Mark all as read')),
      button('Mark all as unread'),
      'another name',
    ],
    ["field 'Name' to 'Full name'", recorded(field('Name')), field('Full name'), 'its name only contains the old one'],
    [
      "button 'Email' to 'Email address' (only fields drop 'address')",
      recorded(button('Email')),
      button('Email address'),
      'its name only contains the old one',
    ],
  ];
  for (const [title, was, now, why] of refused)
    it(`refuses ${title}: ${why}`, () => {
      expect(judgeHeal(was, now)).to.deep.equal({ accept: false, why });
    });

  const accepted: [string, RecordedTargetFacts, TargetFacts, 'none' | 'typo' | 'reworded', boolean][] = [
    ["field 'Email' to 'E-mail'", recorded(field('Email')), field('E-mail'), 'typo', false],
    ["field 'Email' to 'E-mail address'", recorded(field('Email')), field('E-mail address'), 'typo', false],
    ["field 'Email' to 'Email address'", recorded(field('Email')), field('Email address'), 'typo', false],
    [
      "a row's '×' icon to the same row's 'Remove task'",
      recorded(button('×', 'the row of "Buy milk"')),
      button('Remove task', 'the row of "Buy milk"'),
      'reworded',
      false,
    ],
    [
      "a row's unnamed checkbox to the same row's",
      recorded({ role: 'checkbox', name: '', scope: 'the row of "Buy milk"' }),
      { role: 'checkbox', name: '', scope: 'the row of "Buy milk"' },
      'none',
      false,
    ],
    ["'Colour' to 'Color'", recorded(button('Colour')), button('Color'), 'typo', false],
    [
      "'Sumbit order' to 'Submit order' (a swap)",
      recorded(button('Sumbit order')),
      button('Submit order'),
      'typo',
      false,
    ],
    ["'Log in' to 'LOG IN' (case)", recorded(button('Log in')), button('LOG IN'), 'none', false],
    ["'Log in' to 'Login' (spacing)", recorded(button('Log in')), button('Login'), 'typo', false],
    [
      "'Create account' to 'Create an account'",
      recorded(button('Create account')),
      button('Create an account'),
      'typo',
      false,
    ],
    [
      "a row's 'Delete' to the same row's 'delete'",
      recorded(button('Delete', 'the row of "Buy milk"')),
      button('delete', 'the row of "Buy milk"'),
      'none',
      false,
    ],
    ["'Pricing' by its text, a link now a button", recorded(link('Pricing'), true), button('Pricing'), 'none', true],
    [
      "'Proceed to checkout' to 'Proceed to check-out'",
      recorded(button('Proceed to checkout')),
      button('Proceed to check-out'),
      'typo',
      false,
    ],
    [
      "'Download the annual report' to 'Download annual reports'",
      recorded(link('Download the annual report')),
      link('Download annual reports'),
      'typo',
      false,
    ],
  ];
  for (const [title, was, now, name, roleChanged] of accepted)
    it(`accepts ${title}`, () => {
      expect(judgeHeal(was, now)).to.deep.equal({ accept: true, name, roleChanged });
    });

  it('reads the same words with slips or in another order as close, other words as other', () => {
    expect(compareNames('Subscribe to newsletters', 'Subscribe to newsleters')).to.equal('typo');
    expect(compareNames('Add to shopping basket', 'Add to shopping baskets')).to.equal('typo');
    expect(compareNames('Remove selected items', 'Removes selected item')).to.equal('reworded');
    expect(compareNames('Settings save', 'Save settings')).to.equal('reworded');
    expect(compareNames('Mark all as read', 'Mark all as unread')).to.equal('other');
    expect(compareNames('Export to spreadsheet', 'Export as spreadsheet')).to.equal('other');
  });

  it('counts a reworded name or a changed role as more than a typo', () => {
    expect(changesMeaning({ name: 'typo', roleChanged: false })).to.equal(false);
    expect(changesMeaning({ name: 'none', roleChanged: true })).to.equal(true);
    expect(changesMeaning({ name: 'reworded', roleChanged: false })).to.equal(true);
  });

  it('describes an element by its role, name and scope', () => {
    expect(describeFacts(heading('Log in'))).to.equal('heading "Log in"');
    expect(describeFacts(button('Delete', 'the row of "Buy milk"'))).to.equal(
      'button "Delete" in the row of "Buy milk"',
    );
    expect(describeFacts({ role: null, name: 'Log in', scope: null })).to.equal('text "Log in"');
  });
});
