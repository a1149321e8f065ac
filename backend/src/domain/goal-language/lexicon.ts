// The goal language's words, as data: each verb family with its synonyms, the particles that belong
// to the verb, the roles it acts on, what else it takes, and examples with the plan a person means.
// The parser (frames.ts, parse-sentence.ts) reads this table; the corpus test checks every example.
// To add a verb: add it to its family here (or add a family) with an example. docs/development.md.

export type Family =
  | 'verify'
  | 'wait'
  | 'find'
  | 'sign in'
  | 'sign out'
  | 'sign up'
  | 'search'
  | 'add'
  | 'create'
  | 'generate'
  | 'compose'
  | 'forward'
  | 'reply'
  | 'invite'
  | 'redeem'
  | 'sort'
  | 'filter'
  | 'complete'
  | 'rename'
  | 'row action'
  | 'expand'
  | 'collapse'
  | 'dismiss'
  | 'accept'
  | 'confirm'
  | 'submit'
  | 'save'
  | 'discard'
  | 'use'
  | 'toggle'
  | 'switch to'
  | 'navigate'
  | 'open'
  | 'double-click'
  | 'click'
  | 'press'
  | 'fill'
  | 'type'
  | 'set'
  | 'increase'
  | 'decrease'
  | 'clear'
  | 'choose'
  | 'mark'
  | 'uncheck'
  | 'check out'
  | 'check'
  | 'hover'
  | 'scroll';

/** What the family does with its object when that is all it needs (families with their own grammar have none). */
export type Act =
  | { intent: 'click'; purpose: 'click' | 'open' | 'choose' | 'toggle'; double?: boolean }
  | { intent: 'expand' | 'collapse' | 'hover' | 'check' | 'uncheck'; each?: boolean };

export interface Example {
  goal: string;
  /** The elementary sentences a person means (formatIntent of each action), in order. */
  plan: string[];
}

export interface LexiconEntry {
  family: Family;
  /** Base forms; a multi-word verb keeps its particle ("turn on"). Third-person forms are derived. */
  verbs: string[];
  /** Words after the verb that belong to it, not to its object ("click on", "search for"). */
  particles?: string[];
  /** The verb is incomplete without one of its particles ("go" needs "to"). */
  particleRequired?: boolean;
  /** Verbs of the family that are also ordinary words in names ("Like", "Share"): no new action after "and". */
  alsoNames?: string[];
  /** ARIA roles it acts on, best first ([] for families that act on the page, not an element). */
  roles: string[];
  /** Elements it acts on that no role names, as CSS: a disclosure is anything with aria-expanded, a <summary>. */
  elements?: string[];
  /** Besides the object: a value typed or chosen, a destination, an amount. */
  takes?: ('value' | 'destination' | 'amount' | 'fields')[];
  /** "Click Save to save the changes": the verb may carry a purpose clause that is not part of its object. */
  purposeClause?: boolean;
  /** It may lead along a menu path ("Choose File > Export > PDF"). */
  menuPath?: boolean;
  act?: Act;
  examples: Example[];
}

export const CLICKABLE = [
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'option',
  'checkbox',
  'radio',
  'switch',
  'treeitem',
];
export const TYPABLE = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
export const CHECKABLE = ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'];
export const SELECTABLE = ['combobox', 'listbox'];
const DISCLOSURE_ROLES = ['button', 'treeitem', 'link', 'tab', 'menuitem', 'row', 'combobox'];
const DISCLOSURES = ['[aria-expanded]', 'summary'];

/** Genre vocabularies: the names pages give the controls of a common task, tried in this order. */
export const GENRE_NAMES = {
  confirm: ['OK', 'Yes', 'Continue', 'Submit', 'Save', 'Delete', 'Done'],
  checkout: ['Check out', 'Proceed to checkout', 'Go to checkout', 'Place order'],
  submit: ['Send', 'Save', 'Continue', 'Sign in', 'Log in', 'Sign up', 'Register', 'Create', 'Search', 'OK', 'Next'],
  logOut: ['Sign out', 'Logout', 'Log off', 'Sign off'],
  acceptCookies: ['Accept all', 'Accept cookies', 'Allow all', 'Allow cookies', 'Agree', 'I agree', 'Got it', 'OK'],
  /** The control that opens a new message, after the verb's own name. */
  compose: ['Compose', 'New message', 'New email', 'New mail', 'Write', 'New'],
  /** A message's body field, where a reply is written. */
  messageBody: ['Message', 'Body', 'Reply', 'Your reply', 'Write a reply'],
  /** A message's recipient field. */
  recipient: ['Recipients', 'Recipient'],
  signUp: ['Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit'],
  addToCart: ['Add to cart', 'Add to basket', 'Add to bag', 'Add'],
  save: ['Save', 'Save changes', 'Apply', 'Update'],
  discard: ['Discard', 'Discard changes', 'Revert', "Don't save"],
  invite: ['Invite', 'Send invite', 'Send invitation', 'Invite user'],
  /** A promotion code's field, after the sentence's own words for it, and the button that applies it. */
  codeField: ['Promo code', 'Discount code', 'Coupon code', 'Coupon', 'Voucher code', 'Gift card', 'Code'],
  applyCode: ['Apply', 'Redeem', 'Apply code', 'Use code', 'Submit'],
  sort: ['Sort by', 'Order by'],
  clearCompleted: ['Clear done', 'Clear finished', 'Remove completed', 'Delete completed'],
  markAll: ['Toggle all', 'Complete all', 'Check all', 'Select all', 'Mark all'],
  toggleAll: ['Mark all as complete', 'Complete all', 'Check all', 'Select all'],
};

/** The nouns of each genre's containers and items. */
export const GENRE_NOUNS = {
  cart: ['cart', 'basket', 'bag', 'shopping cart', 'shopping basket', 'shopping bag', 'trolley'],
  listItem: ['todo', 'todos', 'to-do', 'to-dos', 'todo', 'item', 'items', 'task', 'tasks', 'entry', 'entries'],
  list: ['list', 'todos', 'to-do list', 'todo list', 'tasks'],
  account: ['app', 'site', 'application', 'page', 'account', 'website', 'shop', 'store', 'dashboard'],
};

/** A list's filter words -> the names its filter links use. */
export const FILTERS: Record<string, string[]> = {
  all: ['All'],
  active: ['Active', 'Open', 'Pending', 'To do'],
  completed: ['Completed', 'Done', 'Finished', 'Complete'],
};
export const FILTER_WORDS: Record<string, keyof typeof FILTERS> = {
  all: 'all',
  active: 'active',
  open: 'active',
  pending: 'active',
  completed: 'completed',
  complete: 'completed',
  done: 'completed',
  finished: 'completed',
};

/** The states "Mark X as ..." sets: done ticks its checkbox, undone clears it. */
export const MARKS = {
  done: ['done', 'complete', 'completed', 'finished', 'checked', 'read'],
  undone: [
    'not done',
    'undone',
    'not complete',
    'not completed',
    'incomplete',
    'active',
    'unchecked',
    'open',
    'unread',
  ],
};

/** Words before a verb that only order the story ("Next click Save", "Finally, click Pay"). */
export const SEQUENCE_WORDS = ['next', 'then', 'also', 'and', 'finally', 'first', 'lastly', 'afterwards', 'after that'];

/**
 * Verbs outside the lexicon that never name a page's control, so a sentence with one is not read as
 * "click the control named by the verb": light verbs that say no action ("do the checkout", "test the
 * app") and actions Goalie does not perform (dragging, uploading a file).
 */
export const NOT_CONTROL_VERBS = [
  'do',
  'make',
  'test',
  'try',
  'play',
  'get',
  'have',
  'be',
  'let',
  'see',
  'look',
  'explore',
  'drag',
  'drop',
  'upload',
  'attach',
];

/** Verbs a purpose clause may start with ("... to see the results") besides the lexicon's own. */
export const PURPOSE_VERBS = [
  'see',
  'view',
  'show',
  'start',
  'get',
  'return',
  'reveal',
  'display',
  'reset',
  'refresh',
  'reload',
  'activate',
  'make',
  'bring',
  'access',
  'upload',
  'place',
  'pay',
  'buy',
  'book',
  'order',
  'finalize',
  'proceed',
  'continue',
  'finish',
  'close',
  'log',
  'sign',
  'go',
  'enable',
  'disable',
  'move',
  'edit',
  'update',
  'change',
  'download',
  'save',
  'apply',
  'complete',
  'load',
  'create',
  'filter',
];

/**
 * Abbreviations whose dot does not end a sentence: before what they stand ("Dr. Smith", "No. 5",
 * "e.g. milk"). `before`: a name (capital), a number, or anything.
 */
export const ABBREVIATIONS: { word: string; before: 'name' | 'number' | 'any' }[] = [
  { word: 'dr', before: 'name' },
  { word: 'mr', before: 'name' },
  { word: 'mrs', before: 'name' },
  { word: 'ms', before: 'name' },
  { word: 'prof', before: 'name' },
  { word: 'st', before: 'name' },
  { word: 'jr', before: 'any' },
  { word: 'sr', before: 'any' },
  { word: 'no', before: 'number' },
  { word: 'nr', before: 'number' },
  { word: 'vol', before: 'number' },
  { word: 'p', before: 'number' },
  { word: 'e.g', before: 'any' },
  { word: 'i.e', before: 'any' },
  { word: 'vs', before: 'any' },
  { word: 'approx', before: 'any' },
  { word: 'incl', before: 'any' },
];

/** Row actions that are also ordinary words in names ("Share", "Like", "Archive"). */
const ROW_VERBS_ALSO_NAMES = [
  'edit',
  'trash',
  'archive',
  'unarchive',
  'pin',
  'unpin',
  'star',
  'share',
  'follow',
  'unfollow',
  'bookmark',
  'upvote',
  'favorite',
  'favourite',
  'unfavorite',
  'like',
  'unlike',
];

export const LEXICON: LexiconEntry[] = [
  {
    family: 'verify',
    verbs: ['verify', 'assert', 'ensure', 'make sure', 'expect', 'confirm', 'check that', 'check whether', 'check if'],
    // "Confirm the deletion" is an action when it says nothing the page must show (the confirm family).
    particles: ['that', 'whether', 'if'],
    roles: [],
    examples: [{ goal: "Make sure 'Saved' is shown", plan: ["Verify that 'Saved' is shown"] }],
  },
  {
    family: 'wait',
    verbs: ['wait'],
    particles: ['for', 'until'],
    roles: [],
    examples: [{ goal: 'Wait until Saved appears', plan: ["Wait for 'Saved'"] }],
  },
  {
    // "Find the blue widget and set its quantity": make sure it is in sight; it is then what "its" means.
    family: 'find',
    verbs: ['find', 'locate', 'spot'],
    roles: [],
    examples: [{ goal: 'Find the Blue Widget', plan: ["Wait for 'Blue Widget'"] }],
  },
  {
    family: 'sign in',
    verbs: ['log in', 'login', 'sign in', 'signin', 'sign on', 'log into', 'sign into'],
    alsoNames: ['login', 'signin'],
    roles: ['textbox', 'button'],
    takes: ['value'],
    examples: [{ goal: 'Sign on with my account', plan: ['Log in'] }],
  },
  {
    family: 'sign out',
    verbs: ['log out', 'logout', 'sign out', 'signout', 'log off', 'sign off'],
    alsoNames: ['logout', 'signout'],
    roles: ['button', 'link', 'menuitem'],
    examples: [{ goal: 'Sign off', plan: ["Click 'Log out', 'Sign out', 'Logout', 'Log off' or 'Sign off'"] }],
  },
  {
    family: 'sign up',
    verbs: [
      'sign up',
      'signup',
      'register',
      'create an account',
      'create a new account',
      'create a account',
      'create the account',
      'create my account',
      // The sign-up as a whole, its values said after it: "Finish sign-up for Dan Wu (...)".
      'finish sign-up',
      'finish signing up',
      'complete sign-up',
      'complete the sign-up',
      'start signing up',
    ],
    alsoNames: [
      'signup',
      'create an account',
      'create a new account',
      'create a account',
      'create the account',
      'create my account',
    ],
    roles: ['textbox', 'button'],
    takes: ['fields'],
    examples: [
      {
        goal: 'Register with name Ada and password lovelace',
        plan: [
          "Fill in name 'Ada', password 'lovelace'",
          "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit', 'Continue' or 'Next'",
        ],
      },
    ],
  },
  {
    family: 'search',
    verbs: ['search', 'look up'],
    alsoNames: ['look up'],
    particles: ['for'],
    roles: ['searchbox', 'textbox', 'combobox'],
    takes: ['value'],
    examples: [
      { goal: 'Look up kettle', plan: ["Fill the 'Search' box with 'kettle'", "Press Enter in the 'Search' box"] },
    ],
  },
  {
    family: 'add',
    verbs: ['add', 'put'],
    roles: ['button', 'textbox'],
    takes: ['destination'],
    examples: [
      {
        goal: 'On the shop page, put the Blue mug in the basket',
        plan: ["Click 'Add to basket', 'Add to cart', 'Add to bag' or 'Add' in the row of 'Blue mug'"],
      },
      {
        goal: 'Add a new card called Write docs to the To do list',
        plan: [
          "Click 'Add a card', 'Add card', 'New card' or 'Add' next to 'To do'",
          "Fill the field with 'Write docs'",
          'Press Enter in the field',
        ],
      },
    ],
  },
  {
    family: 'create',
    verbs: ['create', 'make'],
    alsoNames: ['create', 'make'],
    roles: ['button', 'textbox'],
    takes: ['fields'],
    examples: [
      {
        goal: 'On the shopping list page, add Apples',
        plan: ["Fill the field with 'Apples'", 'Press Enter in the field'],
      },
      { goal: 'Make a new task called Pay rent', plan: ["Fill the field with 'Pay rent'", 'Press Enter in the field'] },
      {
        goal: 'Create a user named Grace Hopper with email grace@example.com and password cobol59',
        plan: [
          "Fill 'Name', 'Full name' or 'user name' with 'Grace Hopper'",
          "Fill 'email' with 'grace@example.com'",
          "Fill 'password' with 'cobol59'",
          "Click 'Create user', 'Create', 'Add user', 'Add', 'Save' or 'Submit'",
        ],
      },
      {
        goal: 'Add a product called Desk lamp with Lighting as the category',
        plan: [
          "Fill 'Name', 'Full name' or 'product name' with 'Desk lamp'",
          "Fill 'category' with 'Lighting'",
          "Click 'Add product', 'Add', 'Create product', 'Create', 'Save' or 'Submit'",
        ],
      },
    ],
  },
  {
    family: 'sort',
    verbs: ['sort', 'order'],
    alsoNames: ['order'],
    particles: ['by'],
    roles: ['combobox', 'columnheader', 'button'],
    takes: ['value'],
    examples: [
      { goal: 'Order the results by Newest', plan: ["Select 'Newest' from 'Sort', 'Sort by' or 'Order by'"] },
      { goal: 'Sort the users by Joined', plan: ["Select 'Joined' from 'Sort', 'Sort by' or 'Order by'"] },
      { goal: 'Sort the users by the Joined column', plan: ["Click the 'Joined' column header"] },
    ],
  },
  {
    family: 'filter',
    verbs: ['show', 'view', 'display', 'list', 'filter'],
    particles: ['by', 'to', 'on', 'for'],
    alsoNames: ['show', 'view', 'display', 'list', 'filter'],
    roles: ['link', 'tab', 'button', 'radio', 'option', 'combobox'],
    takes: ['value'],
    examples: [
      { goal: 'Display only the finished tasks', plan: ["Open 'Completed', 'Done', 'Finished' or 'Complete'"] },
      { goal: 'Filter by status Archived', plan: ["Select 'Archived' from 'status'"] },
      { goal: 'Filter the members by role: Owner', plan: ["Select 'Owner' from 'role'"] },
      { goal: 'Filter by Overdue', plan: ["Choose 'Overdue'"] },
    ],
  },
  {
    family: 'complete',
    verbs: ['complete', 'finish'],
    alsoNames: ['complete', 'finish'],
    roles: CHECKABLE,
    act: { intent: 'check', each: true },
    examples: [{ goal: 'Finish Walk the dog', plan: ["Check 'Walk the dog'"] }],
  },
  {
    family: 'rename',
    verbs: ['rename', 'edit'],
    alsoNames: ['rename', 'edit'],
    roles: ['textbox', 'button', 'listitem'],
    takes: ['value'],
    examples: [{ goal: 'Edit Walk the dog to say Walk the cat', plan: ["Rename 'Walk the dog' to 'Walk the cat'"] }],
  },
  {
    family: 'row action',
    verbs: ['delete', 'remove', 'restore', 'duplicate', 'download', 'approve', 'reject', ...ROW_VERBS_ALSO_NAMES],
    alsoNames: ROW_VERBS_ALSO_NAMES,
    roles: ['button', 'link', 'menuitem'],
    examples: [
      { goal: 'Restore Invoice 7', plan: ["Click 'Restore' in the row of 'Invoice 7'"] },
      { goal: 'Archive the Groceries entry', plan: ["Click 'Archive' in the row of 'Groceries'"] },
    ],
  },
  {
    family: 'expand',
    verbs: ['expand', 'unfold'],
    alsoNames: ['unfold'],
    roles: DISCLOSURE_ROLES,
    elements: DISCLOSURES,
    act: { intent: 'expand' },
    examples: [{ goal: 'Unfold the Shipping details section', plan: ["Expand the 'Shipping details' section"] }],
  },
  {
    family: 'collapse',
    verbs: ['collapse', 'fold'],
    alsoNames: ['fold'],
    roles: DISCLOSURE_ROLES,
    elements: DISCLOSURES,
    act: { intent: 'collapse' },
    examples: [{ goal: 'Fold Documents', plan: ["Collapse 'Documents'"] }],
  },
  {
    family: 'dismiss',
    verbs: ['dismiss', 'close'],
    roles: ['button', 'dialog', 'alertdialog'],
    examples: [
      { goal: 'Dismiss the notification', plan: ['Dismiss the dialog'] },
      { goal: 'Close the dialog without saving', plan: ['Dismiss the dialog'] },
      { goal: 'Close the Edit profile modal without discarding anything', plan: ['Dismiss the dialog'] },
    ],
  },
  {
    family: 'accept',
    verbs: ['accept', 'allow', 'agree to', 'agree with', 'agree'],
    alsoNames: ['allow'],
    roles: ['button', 'checkbox'],
    examples: [
      {
        goal: 'Agree to all cookies',
        plan: [
          "Click 'Accept', 'Accept all', 'Accept cookies', 'Allow all', 'Allow cookies', 'Agree', 'I agree', 'Got it' or 'OK'",
        ],
      },
    ],
  },
  {
    family: 'confirm',
    verbs: ['confirm'],
    roles: ['button'],
    examples: [
      { goal: 'Confirm it', plan: ["Click 'Confirm', 'OK', 'Yes', 'Continue', 'Submit', 'Save', 'Delete' or 'Done'"] },
    ],
  },
  {
    family: 'submit',
    verbs: ['submit', 'send'],
    roles: ['button'],
    examples: [
      {
        goal: 'Send the message',
        plan: [
          "Click the 'Submit', 'Send', 'Save', 'Continue', 'Sign in', 'Log in', 'Sign up', 'Register', 'Create', 'Search', 'OK' or 'Next' button",
        ],
      },
    ],
  },
  {
    family: 'save',
    verbs: ['save'],
    roles: ['button'],
    examples: [
      {
        goal: 'Tick Email alerts and save the settings',
        plan: ["Check 'Email alerts'", "Click 'Save settings', 'Save', 'Save changes', 'Apply' or 'Update'"],
      },
      { goal: 'Save my changes', plan: ["Click 'Save changes', 'Save', 'Apply' or 'Update'"] },
    ],
  },
  {
    family: 'discard',
    verbs: ['discard', 'revert'],
    alsoNames: ['revert'],
    roles: ['button'],
    examples: [
      { goal: 'Discard the changes', plan: ["Click 'Discard changes', 'Discard', 'Revert' or \"Don't save\""] },
      {
        goal: 'Type Hello into Notes and discard the draft',
        plan: [
          "Fill 'Notes' with 'Hello'",
          "Click 'Discard draft', 'Discard', 'Discard changes', 'Revert' or \"Don't save\"",
        ],
      },
    ],
  },
  {
    family: 'generate',
    verbs: ['generate', 'regenerate'],
    roles: ['button'],
    examples: [
      {
        goal: 'Generate a new API key',
        plan: ["Click 'Generate API key', 'Generate', 'Create API key' or 'New API key'"],
      },
    ],
  },
  {
    family: 'forward',
    // Read with a recipient only (parse-sentence.ts): "Forward it" alone is the control it names.
    verbs: [],
    roles: ['button', 'textbox'],
    takes: ['value'],
    examples: [
      {
        goal: 'Forward the Budget email to kim@example.com',
        plan: [
          "Open 'Budget' or 'Budget email'",
          "Click 'Forward'",
          "Fill 'To', 'Recipients' or 'Recipient' with 'kim@example.com'",
          "Click 'Send'",
        ],
      },
    ],
  },
  {
    family: 'reply',
    // Read with a text only (parse-sentence.ts): "Reply to the Weekly sync message" is the row's Reply.
    verbs: [],
    roles: ['button', 'textbox'],
    takes: ['value'],
    examples: [
      {
        goal: "Reply to the Budget email with 'Thanks', send it",
        plan: [
          "Open 'Budget' or 'Budget email'",
          "Click 'Reply'",
          "Fill 'Message', 'Body', 'Reply', 'Your reply' or 'Write a reply' with 'Thanks'",
          "Click 'Send'",
        ],
      },
    ],
  },
  {
    family: 'compose',
    verbs: ['compose', 'draft', 'write', 'start', 'send'],
    roles: ['button', 'textbox'],
    takes: ['fields'],
    examples: [
      {
        goal: 'Compose an email to sam@example.com with subject Standup and body Running late',
        plan: [
          "Click 'Compose', 'New message', 'New email', 'New mail', 'Write' or 'New'",
          "Fill 'To', 'Recipients' or 'Recipient' with 'sam@example.com'",
          "Fill 'subject' with 'Standup'",
          "Fill 'body' with 'Running late'",
        ],
      },
      {
        goal: 'Send a message to priya@example.com, subject Budget',
        plan: [
          "Click 'Compose', 'New message', 'New email', 'New mail', 'Write' or 'New'",
          "Fill 'To', 'Recipients' or 'Recipient' with 'priya@example.com'",
          "Fill 'subject' with 'Budget'",
          "Click 'Send'",
        ],
      },
      {
        goal: 'Write a new message with the subject Hello',
        plan: [
          "Click 'Write', 'Compose', 'New message', 'New email', 'New mail' or 'New'",
          "Fill 'subject' with 'Hello'",
        ],
      },
    ],
  },
  {
    family: 'redeem',
    // "apply", "use", "enter" and "add" a code too (parse-sentence.ts reads them before a code's kind);
    // as verbs of this family they would take "Apply the filter" from the control it names.
    verbs: ['redeem'],
    roles: ['textbox', 'button'],
    takes: ['value'],
    examples: [
      {
        goal: 'Apply the promo code SAVE10 in the cart',
        plan: [
          "Fill 'promo code', 'Discount code', 'Coupon code', 'Coupon', 'Voucher code', 'Gift card' or 'Code' with 'SAVE10'",
          "Click 'Apply', 'Redeem', 'Apply code', 'Use code' or 'Submit'",
        ],
      },
    ],
  },
  {
    family: 'invite',
    verbs: ['invite'],
    roles: ['textbox', 'combobox', 'button'],
    takes: ['value', 'fields'],
    examples: [
      {
        goal: 'Invite grace@example.com as an Editor',
        plan: [
          "Fill 'Email', 'Email address' or 'Invite' with 'grace@example.com'",
          "Select 'Editor' from 'Role'",
          "Click 'Invite', 'Send invite', 'Send invitation' or 'Invite user'",
        ],
      },
    ],
  },
  {
    family: 'use',
    verbs: ['use'],
    roles: TYPABLE,
    takes: ['value'],
    examples: [{ goal: 'Use Ada as the first name', plan: ["Fill 'first name' with 'Ada'"] }],
  },
  {
    family: 'toggle',
    verbs: ['toggle', 'flip'],
    alsoNames: ['flip'],
    purposeClause: true,
    roles: [...CHECKABLE, 'button'],
    act: { intent: 'click', purpose: 'toggle' },
    examples: [{ goal: 'Flip the Dark mode switch', plan: ["Toggle the 'Dark mode' switch"] }],
  },
  {
    family: 'switch to',
    verbs: ['switch to'],
    roles: ['tab', 'link', 'button', 'menuitem'],
    act: { intent: 'click', purpose: 'open' },
    examples: [{ goal: 'Switch to Monthly', plan: ["Open 'Monthly'"] }],
  },
  {
    family: 'navigate',
    verbs: ['go', 'navigate', 'browse', 'head', 'get'],
    alsoNames: ['browse', 'head'],
    particles: ['back to', 'over to', 'straight to', 'all the way to', 'to'],
    particleRequired: true,
    roles: ['link', 'tab', 'menuitem', 'button', 'treeitem'],
    menuPath: true,
    examples: [
      { goal: 'Browse to the Pricing page', plan: ["Open the 'Pricing' page"] },
      {
        goal: 'In the menubar, go to Edit > Find > Replace',
        plan: ["Click 'Edit'", "Click 'Find'", "Click 'Replace'"],
      },
    ],
  },
  {
    family: 'open',
    verbs: ['open', 'visit', 'load'],
    alsoNames: ['load'],
    particles: ['up'],
    roles: ['link', 'tab', 'menuitem', 'button', 'treeitem'],
    purposeClause: true,
    menuPath: true,
    examples: [{ goal: 'Load /orders', plan: ['Go to /orders'] }],
  },
  {
    family: 'double-click',
    verbs: ['double-click', 'double click', 'doubleclick', 'dblclick'],
    particles: ['on'],
    roles: CLICKABLE,
    purposeClause: true,
    act: { intent: 'click', purpose: 'click', double: true },
    examples: [{ goal: 'Double click on Buy milk', plan: ["Double-click 'Buy milk'"] }],
  },
  {
    family: 'click',
    verbs: ['click', 'tap'],
    particles: ['on'],
    roles: CLICKABLE,
    purposeClause: true,
    menuPath: true,
    act: { intent: 'click', purpose: 'click' },
    examples: [
      { goal: 'Tap on the Next button', plan: ["Click the 'Next' button"] },
      { goal: 'In the Actions menu, click Duplicate', plan: ["Open the 'Actions' menu", "Click 'Duplicate'"] },
    ],
  },
  {
    family: 'press',
    verbs: ['press', 'hit', 'push'],
    alsoNames: ['push'],
    particles: ['on'],
    roles: [...TYPABLE, ...CLICKABLE],
    purposeClause: true,
    examples: [{ goal: 'Hit the Escape key', plan: ['Press Escape'] }],
  },
  {
    family: 'fill',
    verbs: ['fill'],
    particles: ['in', 'out'],
    roles: TYPABLE,
    takes: ['value', 'fields'],
    examples: [
      { goal: 'Fill out Email with ada@example.com', plan: ["Fill 'Email' with 'ada@example.com'"] },
      {
        goal: 'Fill in the form with Ada as the first name and Lovelace as the last name',
        plan: ["Fill 'first name' with 'Ada'", "Fill 'last name' with 'Lovelace'"],
      },
    ],
  },
  {
    family: 'type',
    verbs: ['type', 'enter', 'input', 'write', 'put'],
    alsoNames: ['input'],
    roles: TYPABLE,
    takes: ['value'],
    examples: [
      { goal: 'Input 42 into Age', plan: ["Fill 'Age' with '42'"] },
      { goal: 'Inside the Notes field, write Call back', plan: ["Fill the 'Notes' field with 'Call back'"] },
    ],
  },
  {
    family: 'set',
    verbs: ['set', 'change', 'update', 'adjust', 'raise', 'lower'],
    alsoNames: ['update', 'adjust', 'raise', 'lower'],
    roles: [...TYPABLE, 'slider'],
    takes: ['value'],
    examples: [
      { goal: 'Adjust the volume to 7', plan: ["Fill 'volume' with '7'"] },
      // A date field takes the date in any spelling: the agent writes it in the field's format.
      { goal: 'Set the check-in date to 24 December 2026', plan: ["Fill 'check-in date' with '24 December 2026'"] },
    ],
  },
  {
    family: 'increase',
    verbs: ['increase', 'increment', 'raise', 'bump'],
    alsoNames: ['increase', 'increment', 'raise'],
    roles: ['spinbutton', 'slider', 'textbox'],
    takes: ['value', 'amount'],
    examples: [
      { goal: 'Increment the number of guests to 4', plan: ["Fill 'number of guests' or 'guests' with '4'"] },
      { goal: 'Bump the quantity to 3', plan: ["Fill 'quantity' with '3'"] },
      { goal: 'Increase the quantity by 2', plan: ["Press ArrowUp in 'quantity'", "Press ArrowUp in 'quantity'"] },
    ],
  },
  {
    family: 'decrease',
    verbs: ['decrease', 'decrement', 'reduce', 'lower'],
    alsoNames: ['decrease', 'decrement', 'reduce', 'lower'],
    roles: ['spinbutton', 'slider', 'textbox'],
    takes: ['value', 'amount'],
    examples: [
      { goal: 'Lower the volume to 2', plan: ["Fill 'volume' with '2'"] },
      { goal: 'Decrease Guests by 1', plan: ["Press ArrowDown in 'Guests'"] },
    ],
  },
  {
    family: 'clear',
    verbs: ['clear', 'empty'],
    alsoNames: ['empty'],
    roles: TYPABLE,
    examples: [{ goal: 'Empty the Notes field', plan: ["Clear the 'Notes' field"] }],
  },
  {
    family: 'choose',
    verbs: ['select', 'choose', 'pick'],
    roles: ['radio', 'option', 'menuitemradio', 'tab', 'checkbox', 'button', 'link'],
    takes: ['value'],
    menuPath: true,
    examples: [{ goal: 'Pick Express as the shipping method', plan: ["Select 'Express' from 'shipping method'"] }],
  },
  {
    family: 'mark',
    verbs: ['mark'],
    roles: CHECKABLE,
    takes: ['value'],
    examples: [{ goal: 'Mark Walk the dog as finished', plan: ["Check 'Walk the dog'"] }],
  },
  {
    family: 'uncheck',
    verbs: ['uncheck', 'untick', 'deselect', 'disable', 'turn off', 'switch off'],
    alsoNames: ['deselect'],
    roles: CHECKABLE,
    act: { intent: 'uncheck', each: true },
    examples: [{ goal: 'Switch off Notifications', plan: ["Uncheck 'Notifications'"] }],
  },
  {
    family: 'check out',
    verbs: [
      'check out',
      'checkout',
      'proceed to checkout',
      'proceed to the checkout',
      'go to checkout',
      'go to the checkout',
    ],
    alsoNames: ['checkout', 'proceed to checkout', 'proceed to the checkout', 'go to checkout', 'go to the checkout'],
    roles: ['button', 'link'],
    examples: [
      {
        goal: 'Proceed to the checkout',
        plan: ["Click 'Checkout', 'Check out', 'Proceed to checkout', 'Go to checkout' or 'Place order'"],
      },
    ],
  },
  {
    family: 'check',
    verbs: ['check', 'tick', 'enable', 'turn on', 'switch on'],
    roles: CHECKABLE,
    purposeClause: true,
    act: { intent: 'check', each: true },
    examples: [{ goal: 'Turn Email alerts on', plan: ["Check 'Email alerts'"] }],
  },
  {
    family: 'hover',
    verbs: ['hover', 'mouse over', 'mouseover', 'move the mouse over', 'move the mouse to', 'move the mouse onto'],
    alsoNames: ['mouse over', 'mouseover', 'move the mouse over', 'move the mouse to', 'move the mouse onto'],
    particles: ['over', 'on', 'onto'],
    roles: [...CLICKABLE, 'img', 'heading', 'listitem', 'row', 'cell'],
    act: { intent: 'hover' },
    examples: [{ goal: 'Mouse over the Help icon', plan: ["Hover over the 'Help' icon"] }],
  },
  {
    family: 'scroll',
    verbs: ['scroll'],
    roles: [],
    purposeClause: true,
    examples: [{ goal: 'Scroll to the bottom of the list', plan: ['Press End'] }],
  },
];

/** "press" -> "presses", "empty" -> "empties", "go" -> "goes": the third person of a base form. */
export function thirdPerson(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh|o)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Every written form of a verb: "turn on" and "turns on". */
export function verbForms(verb: string): string[] {
  const [first, ...rest] = verb.split(' ');
  return [verb, [thirdPerson(first!), ...rest].join(' ')];
}

export function entryOf(family: Family): LexiconEntry {
  return LEXICON.find((entry) => entry.family === family)!;
}
