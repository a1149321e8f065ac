// Goals as people write them without thinking of a grammar, each with the plan a person means: the
// elementary sentences Goalie should understand it as (formatIntent of each action, in order). The
// plans were written from what the sentence means, not from what the parser printed. Also used by
// `npm run bench` for the share of the corpus understood as meant.

export interface CorpusEntry {
  goal: string;
  plan: string[];
}

const ADD = "'Add to cart', 'Add to basket', 'Add to bag' or 'Add'";
const addToCart = (item: string) => `Click ${ADD} in the row of '${item}'`;
const deleteRow = (item: string) => `Click 'Delete' or 'Remove' in the row of '${item}'`;
const removeRow = (item: string) => `Click 'Remove' or 'Delete' in the row of '${item}'`;
const ACCEPT_COOKIES =
  "Click 'Accept', 'Accept all', 'Accept cookies', 'Allow all', 'Allow cookies', 'Agree', 'I agree', 'Got it' or 'OK'";
const CONFIRM = "Click 'Confirm', 'OK', 'Yes', 'Continue', 'Submit', 'Save', 'Delete' or 'Done'";
const SUBMIT =
  "Click the 'Submit', 'Send', 'Save', 'Continue', 'Sign in', 'Log in', 'Sign up', 'Register', 'Create', 'Search', 'OK' or 'Next' button";
const searchFor = (text: string) => [`Fill the 'Search' box with '${text}'`, "Press Enter in the 'Search' box"];
const times = (n: number, step: string) => Array.from({ length: n }, () => step);
const LOG_OUT = "Click 'Log out', 'Sign out', 'Logout', 'Log off' or 'Sign off'";
const CHECKOUT = "Click 'Checkout', 'Check out', 'Proceed to checkout', 'Go to checkout' or 'Place order'";
const newItem = (text: string) => [`Fill the field with '${text}'`, 'Press Enter in the field'];
const MARK_ALL = "Check 'Mark all as complete', 'Toggle all', 'Complete all', 'Check all', 'Select all' or 'Mark all'";
const SIGN_UP =
  "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join', 'Submit', 'Continue' or 'Next'";
const ADA = "Sign in as 'ada@example.com' with password 'lovelace'";

export const CORPUS: CorpusEntry[] = [
  // Navigating: a URL or path is opened, anything else is a link (tab, menu item) to follow.
  { goal: 'Open the products page', plan: ["Open the 'products' page"] },
  { goal: 'go to the login page', plan: ["Open the 'login' page"] },
  { goal: 'Go to /cart.', plan: ['Go to /cart'] },
  { goal: 'navigate to the settings', plan: ["Open 'settings'"] },
  { goal: 'Visit example.com', plan: ['Go to example.com'] },
  { goal: 'open https://shop.example.com/deals', plan: ['Go to https://shop.example.com/deals'] },
  { goal: 'Go back to the home page', plan: ['Go to /'] },
  { goal: 'go to Pricing', plan: ["Open 'Pricing'"] },
  { goal: 'Open the Docs tab', plan: ["Open the 'Docs' tab"] },
  { goal: 'Switch to the Billing tab', plan: ["Open the 'Billing' tab"] },
  { goal: 'Head over to the blog', plan: ["Open 'blog'"] },
  { goal: 'Open the Account menu', plan: ["Open the 'Account' menu"] },
  { goal: 'I go to the checkout page', plan: ["Open the 'checkout' page"] },
  { goal: 'open the cart', plan: ["Open 'cart'"] },
  { goal: 'Navigate to /orders?status=open', plan: ['Go to /orders?status=open'] },
  { goal: 'Go to localhost:3000/admin', plan: ['Go to localhost:3000/admin'] },
  { goal: 'Open the Documents folder', plan: ["Open the 'Documents' folder"] },
  { goal: 'The user opens the About us page', plan: ["Open the 'About us' page"] },
  { goal: 'Open the first product', plan: ['Open the first product'] },
  { goal: 'go to the homepage', plan: ['Go to /'] },
  { goal: 'Open Settings', plan: ["Open 'Settings'"] },
  { goal: 'Go to the Contact section', plan: ["Open the 'Contact' section"] },
  { goal: 'Open the third tab', plan: ['Open the third tab'] },
  { goal: 'Open Report.pdf', plan: ["Open 'Report.pdf'"] },

  // Clicking, with unquoted names, nouns, relations and positions.
  { goal: 'Click Add to cart next to Blue mug', plan: ["Click 'Add to cart' next to 'Blue mug'"] },
  { goal: 'click on the Save button', plan: ["Click the 'Save' button"] },
  { goal: 'Hit Save', plan: ["Click 'Save'"] },
  { goal: 'press submit', plan: ["Click 'submit'"] },
  { goal: 'Click Continue.', plan: ["Click 'Continue'"] },
  { goal: 'I click on Checkout', plan: ["Click 'Checkout'"] },
  { goal: 'The user clicks the Login link', plan: ["Click the 'Login' link"] },
  { goal: 'tap the menu icon', plan: ["Click the 'menu' icon"] },
  {
    goal: 'Click the Delete button in the row of Buy milk',
    plan: ["Click the 'Delete' button in the row of 'Buy milk'"],
  },
  { goal: 'Click Edit in the Invoice 7 row', plan: ["Click 'Edit' in the row of 'Invoice 7'"] },
  { goal: 'Click the edit button for Invoice 7', plan: ["Click the 'edit' button next to 'Invoice 7'"] },
  { goal: 'Click the trash icon next to Walk the dog', plan: ["Click the 'trash' icon next to 'Walk the dog'"] },
  { goal: 'Double click the Buy milk item', plan: ["Double-click the 'Buy milk' item"] },
  { goal: 'Click the second Add to cart button', plan: ["Click the second 'Add to cart' button"] },
  { goal: 'click the last row', plan: ['Click the last row'] },
  { goal: 'Click the first result', plan: ['Click the first result'] },
  { goal: 'Click Next three times', plan: times(3, "Click 'Next'") },
  { goal: 'Click the + button twice', plan: times(2, "Click the '+' button") },
  { goal: 'click Load more 2 times', plan: times(2, "Click 'Load more'") },
  { goal: 'Press the Buy now button', plan: ["Click the 'Buy now' button"] },
  { goal: 'Click Remove in the card of Blue mug', plan: ["Click 'Remove' in the row of 'Blue mug'"] },
  { goal: 'Click Save in the Billing section', plan: ["Click 'Save' in the row of 'Billing'"] },
  { goal: 'Click on the Profile tab', plan: ["Click the 'Profile' tab"] },
  { goal: "click 'Sign up'", plan: ["Click 'Sign up'"] },
  { goal: 'Click the Learn more link under Pricing', plan: ["Click the 'Learn more' link next to 'Pricing'"] },
  { goal: 'Tap Menu', plan: ["Click 'Menu'"] },
  { goal: 'Click the Blue mug link', plan: ["Click the 'Blue mug' link"] },
  { goal: 'Click on Log out', plan: ["Click 'Log out'"] },
  { goal: 'click the heart icon on Blue mug', plan: ["Click the 'heart' icon next to 'Blue mug'"] },
  {
    goal: "Click the 'Add to cart' button for the Red kettle",
    plan: ["Click the 'Add to cart' button next to 'Red kettle'"],
  },
  { goal: 'click the 3rd item', plan: ['Click the third item'] },
  { goal: 'Click the last Delete button', plan: ["Click the last 'Delete' button"] },
  { goal: 'Click OK in the Delete item dialog', plan: ["Click 'OK' in the row of 'Delete item'"] },
  { goal: 'Click Search for products', plan: ["Click 'Search for products'"] },

  // Adding and removing things: the control of the thing's row.
  { goal: 'Add the blue mug to the cart', plan: [addToCart('blue mug')] },
  {
    goal: 'add Blue mug to my basket',
    plan: ["Click 'Add to basket', 'Add to cart', 'Add to bag' or 'Add' in the row of 'Blue mug'"],
  },
  { goal: 'Add a Red kettle to the shopping cart', plan: [addToCart('Red kettle')] },
  { goal: 'Delete Buy milk', plan: [deleteRow('Buy milk')] },
  { goal: 'remove Blue mug from the cart', plan: [removeRow('Blue mug')] },
  { goal: 'Delete the Walk the dog todo', plan: [deleteRow('Walk the dog')] },
  { goal: 'Remove the second item', plan: ["Click the second 'Remove' or 'Delete'"] },
  { goal: 'Delete the last todo', plan: ["Click the last 'Delete' or 'Remove'"] },
  { goal: 'delete my account', plan: ["Click 'Delete account' or 'Delete my account'"] },
  { goal: 'Trash the Old notes file', plan: [deleteRow('Old notes')] },
  { goal: "delete 'Report.pdf'", plan: [deleteRow('Report.pdf')] },
  { goal: 'Remove Red kettle from my shopping cart', plan: [removeRow('Red kettle')] },

  // Typing: fields by name, description or kind; several fields in one sentence.
  { goal: 'Type milk into the search box', plan: ["Fill the 'Search' box with 'milk'"] },
  { goal: 'type milk and press enter', plan: ["Fill the field with 'milk'", 'Press Enter in the field'] },
  { goal: 'Fill Email with ada@example.com', plan: ["Fill 'Email' with 'ada@example.com'"] },
  { goal: 'fill in the email field with ada@example.com', plan: ["Fill the 'email' field with 'ada@example.com'"] },
  { goal: 'Enter ada@example.com in the Email field', plan: ["Fill the 'Email' field with 'ada@example.com'"] },
  { goal: 'enter lovelace as the password', plan: ["Fill 'password' with 'lovelace'"] },
  { goal: 'Use ada@example.com as the email', plan: ["Fill 'email' with 'ada@example.com'"] },
  { goal: 'use Ada for the first name', plan: ["Fill 'first name' with 'Ada'"] },
  {
    goal: 'Fill name with Ada, email with ada@example.com and submit',
    plan: ["Fill 'name' with 'Ada'", "Fill 'email' with 'ada@example.com'", SUBMIT],
  },
  {
    goal: 'fill in the form with name Ada and email ada@example.com',
    plan: ["Fill 'name' with 'Ada'", "Fill 'email' with 'ada@example.com'"],
  },
  {
    goal: 'Fill out the contact form: name Ada, email ada@example.com, message Hello there',
    plan: ["Fill 'name' with 'Ada'", "Fill 'email' with 'ada@example.com'", "Fill 'message' with 'Hello there'"],
  },
  {
    goal: "Type 'Buy milk' in the new todo field and hit enter",
    plan: ["Fill the 'new todo' field with 'Buy milk'", "Press Enter in the 'new todo' field"],
  },
  {
    goal: 'Enter Ada in the name field and ada@example.com in the email field',
    plan: ["Fill the 'name' field with 'Ada'", "Fill the 'email' field with 'ada@example.com'"],
  },
  { goal: 'Set the number of guests to 4', plan: ["Fill 'number of guests' or 'guests' with '4'"] },
  { goal: 'Fill in my billing email with ada@example.com', plan: ["Fill 'billing email' with 'ada@example.com'"] },
  { goal: 'Change the quantity of Blue mug to 2', plan: ["Fill 'quantity' in the row of 'Blue mug' with '2'"] },
  { goal: 'Set the stock of Wrench to 20', plan: ["Fill 'stock' in the row of 'Wrench' with '20'"] },
  // "Filter ... to <field> <Value>": that value of the filter's field.
  { goal: 'Filter the list to supplier Northwind Supply', plan: ["Select 'Northwind Supply' from 'supplier'"] },
  // A sort said by its purpose: by what, and which end first.
  {
    goal: 'Sort the parts so the most expensive unit cost is at the top',
    plan: ["Select 'most expensive unit cost first' from 'Sort', 'Sort by' or 'Order by'"],
  },
  {
    goal: 'sort the results by on hand so the lowest stock comes first',
    plan: ["Select 'on hand, lowest first' from 'Sort', 'Sort by' or 'Order by'"],
  },
  // The verb's own "by" leads what it sorts by; a time word says which end.
  {
    goal: 'Sort by last updated so the oldest one is at the top',
    plan: ["Select 'last updated, oldest first' from 'Sort', 'Sort by' or 'Order by'"],
  },
  // A record with its name alone: its name field (behind the page's New button when hidden), entered.
  {
    goal: 'Create a new folder called Marketing',
    plan: ["Fill 'Name', 'Full name' or 'folder name' with 'Marketing'", 'Press Enter in the field'],
  },
  // "name it X" after a click that made something: typed into the field it opened, and entered.
  {
    goal: 'Click New folder and call the new folder Marketing',
    plan: ["Click 'New folder'", "Fill the field with 'Marketing'", 'Press Enter in the field'],
  },
  {
    goal: "Click 'New list', then name it Groceries",
    plan: ["Click 'New list'", "Fill the field with 'Groceries'", 'Press Enter in the field'],
  },
  // "confirm it as X": the confirmation field of the field just set (a password, an address).
  {
    goal: "Fill 'Password' with 'Turing#1912', confirm it as Turing#1921 and continue",
    plan: [
      "Fill 'Password' with 'Turing#1912'",
      "Fill 'Confirm Password', 'Repeat Password', 'Re-enter Password', 'Retype Password', 'Password again' or 'Confirm' with 'Turing#1921'",
      "Click 'Continue'",
    ],
  },
  // An item counted in its group: "the first card in Review".
  {
    goal: 'Move the first card in Review to Done',
    plan: ["Click 'Move to', 'Moves' or 'Move' in the first card in 'Review'", "Click 'Done'"],
  },
  { goal: "Delete the last row in 'Archive'", plan: ["Click 'Delete' or 'Remove' in the last row in 'Archive'"] },
  // A kind word ending the owner's name belongs to the name ("Dark mode toggle" is a card).
  {
    goal: 'Set the due date of Dark mode toggle to 24 December 2026',
    plan: ["Fill 'due date' in the row of 'Dark mode toggle' with '24 December 2026'"],
  },
  {
    goal: "Set the unit price of 'Claw Hammer' to 9",
    plan: ["Fill 'unit price' in the row of 'Claw Hammer' with '9'"],
  },
  { goal: 'clear the search box', plan: ["Clear the 'Search' box"] },
  { goal: 'Type hello world into the message box', plan: ["Fill the 'message' box with 'hello world'"] },
  { goal: 'enter 12345 as the zip code', plan: ["Fill 'zip code' with '12345'"] },
  { goal: 'Write Great product in the Review field', plan: ["Fill the 'Review' field with 'Great product'"] },
  { goal: 'I type ada@example.com into Email', plan: ["Fill 'Email' with 'ada@example.com'"] },
  { goal: 'Put 3 in the quantity box', plan: ["Fill the 'quantity' box with '3'"] },
  { goal: 'fill the password with {{config.password}}', plan: ["Fill 'password' with '{{config.password}}'"] },
  { goal: 'Search for blue mug', plan: searchFor('blue mug') },
  { goal: 'Search the products for blue mug', plan: searchFor('blue mug') },
  { goal: 'search all the orders for 1042', plan: searchFor('1042') },
  { goal: "Search your documents for 'quarterly report'", plan: searchFor('quarterly report') },
  { goal: 'Search these pages for the word refund', plan: searchFor('refund') },
  {
    goal: "search for 'red kettle' and open the first result",
    plan: [...searchFor('red kettle'), 'Open the first result'],
  },
  { goal: 'Type milk', plan: ["Fill the field with 'milk'"] },
  { goal: "Fill the user's email with ada@example.com", plan: ["Fill 'user email' or 'email' with 'ada@example.com'"] },
  { goal: 'Fill in the first name with Ada', plan: ["Fill 'first name' with 'Ada'"] },
  { goal: 'type Lovelace as my last name', plan: ["Fill 'last name' with 'Lovelace'"] },
  { goal: 'Set Quantity to 3', plan: ["Fill 'Quantity' with '3'"] },
  { goal: 'Fill the Notes with Hello, world', plan: ["Fill 'Notes' with 'Hello, world'"] },
  { goal: 'Type salt and pepper in Search', plan: ["Fill 'Search' with 'salt and pepper'"] },
  { goal: 'Enter the code 123456 in the verification field', plan: ["Fill the 'verification' field with '123456'"] },

  // Choosing: options of a dropdown, choices, a position in a list.
  { goal: 'Select Sweden from the country dropdown', plan: ["Select 'Sweden' from the 'country' dropdown"] },
  { goal: 'select Sweden as the country', plan: ["Select 'Sweden' from 'country'"] },
  { goal: 'Choose Express shipping', plan: ["Choose 'Express shipping'"] },
  // A filter named by its value: the kind of item and the relation are not its name (filter-value.ts).
  { goal: 'Show only Overdue invoices', plan: ["Choose 'Overdue'"] },
  { goal: 'Display only the tickets assigned to Grace Hopper', plan: ["Choose 'Grace Hopper'"] },
  { goal: 'show only posts tagged as Release', plan: ["Choose 'Release'"] },
  { goal: 'Filter the list by the Urgent tag', plan: ["Choose 'Urgent'"] },
  { goal: 'Filter the list to the Electrical category', plan: ["Choose 'Electrical'"] },
  { goal: 'Filter the results to shoes', plan: ["Choose 'shoes'"] },
  { goal: 'pick M as the size', plan: ["Select 'M' from 'size'"] },
  { goal: 'Choose 2 in the Quantity dropdown', plan: ["Select '2' from the 'Quantity' dropdown"] },
  { goal: 'Set the country to Sweden', plan: ["Fill 'country' with 'Sweden'"] },
  { goal: 'Select the second option', plan: ['Choose the second option'] },
  { goal: 'choose Norway from Country', plan: ["Select 'Norway' from 'Country'"] },
  { goal: 'Pick Large from the size picker', plan: ["Select 'Large' from the 'size' picker"] },
  { goal: 'Select Dark from the Theme menu', plan: ["Select 'Dark' from the 'Theme' menu"] },
  { goal: "select 'Express' as shipping method", plan: ["Select 'Express' from 'shipping method'"] },
  { goal: 'user selects Sweden from Country', plan: ["Select 'Sweden' from 'Country'"] },
  { goal: 'Select all', plan: ["Choose 'all'"] },

  // Checkboxes, switches and toggles.
  { goal: 'Tick Remember me', plan: ["Check 'Remember me'"] },
  { goal: 'untick the newsletter box', plan: ["Uncheck the 'newsletter' box"] },
  { goal: 'Check the I agree checkbox', plan: ["Check the 'I agree' checkbox"] },
  { goal: 'Uncheck Send me offers', plan: ["Uncheck 'Send me offers'"] },
  { goal: 'Accept the terms and conditions', plan: ["Check 'terms and conditions'"] },
  { goal: 'agree to the terms', plan: ["Check 'terms'"] },
  { goal: 'Mark Buy milk as done', plan: ["Check 'Buy milk'"] },
  { goal: 'mark Walk the dog as completed', plan: ["Check 'Walk the dog'"] },
  { goal: 'Mark Buy milk as not done', plan: ["Uncheck 'Buy milk'"] },
  { goal: 'Tick the checkbox next to Buy milk', plan: ["Check the checkbox next to 'Buy milk'"] },
  { goal: 'Check the first checkbox', plan: ['Check the first checkbox'] },
  { goal: 'Turn on notifications', plan: ["Check 'notifications'"] },
  { goal: 'switch off Dark mode', plan: ["Uncheck 'Dark mode'"] },
  { goal: 'Enable two-factor authentication', plan: ["Check 'two-factor authentication'"] },
  { goal: 'Toggle dark mode', plan: ["Toggle 'dark mode'"] },
  { goal: 'toggle the Wi-Fi switch', plan: ["Toggle the 'Wi-Fi' switch"] },
  { goal: 'Check the checkbox', plan: ['Check the checkbox'] },
  { goal: "Tick 'Milk', 'Eggs' and 'Bread'", plan: ["Check 'Milk'", "Check 'Eggs'", "Check 'Bread'"] },
  { goal: 'Disable email notifications', plan: ["Uncheck 'email notifications'"] },
  { goal: "check the box next to I'm not a robot", plan: ['Check the box next to "I\'m not a robot"'] },
  { goal: 'Turn dark mode on', plan: ["Check 'dark mode'"] },
  { goal: 'Check Terms and conditions', plan: ["Check 'Terms and conditions'"] },
  { goal: 'Accept the invitation', plan: ["Click 'Accept' or 'Accept invitation'"] },

  // Keys, scrolling and waiting.
  { goal: 'press enter', plan: ['Press Enter'] },
  { goal: 'Hit Escape', plan: ['Press Escape'] },
  { goal: 'press tab twice', plan: times(2, 'Press Tab') },
  { goal: 'Press the down arrow three times', plan: times(3, 'Press ArrowDown') },
  { goal: 'hit ctrl+s', plan: ['Press Control+s'] },
  { goal: 'Press Enter in the search box', plan: ["Press Enter in the 'Search' box"] },
  { goal: 'Type hello, then press Enter', plan: ["Fill the field with 'hello'", 'Press Enter'] },
  { goal: 'press space', plan: ['Press Space'] },
  { goal: 'Scroll down and click Load more', plan: ['Press PageDown', "Click 'Load more'"] },
  { goal: 'scroll to the bottom of the page', plan: ['Press End'] },
  { goal: 'Wait for Saved to appear', plan: ["Wait for 'Saved'"] },
  { goal: 'wait until the Order confirmed message shows up', plan: ["Wait for 'Order confirmed'"] },
  { goal: 'Hover over Account and click Profile', plan: ["Hover over 'Account'", "Click 'Profile'"] },
  { goal: 'mouse over the Blue mug picture', plan: ["Hover over the 'Blue mug' picture"] },

  // Disclosures, dialogs, banners.
  { goal: 'expand Documents', plan: ["Expand 'Documents'"] },
  { goal: 'Expand the Advanced options section', plan: ["Expand the 'Advanced options' section"] },
  { goal: 'collapse the sidebar', plan: ["Collapse 'sidebar'"] },
  { goal: 'Expand the first question', plan: ['Expand the first question'] },
  { goal: 'Close the dialog', plan: ['Dismiss the dialog'] },
  { goal: 'dismiss the popup', plan: ['Dismiss the dialog'] },
  { goal: 'close the cookie banner', plan: ['Dismiss the dialog'] },
  { goal: 'Close the Settings dialog', plan: ['Dismiss the dialog'] },
  { goal: 'Close the newsletter popup', plan: ['Dismiss the dialog'] },
  { goal: 'confirm', plan: [CONFIRM] },
  { goal: 'Confirm the deletion', plan: [CONFIRM] },
  { goal: 'accept cookies', plan: [ACCEPT_COOKIES] },
  { goal: 'Accept all cookies', plan: [ACCEPT_COOKIES] },
  { goal: 'submit the form', plan: [SUBMIT] },
  { goal: 'Submit', plan: [SUBMIT] },

  // Signing in: a config, or the account written in the sentence.
  { goal: 'Sign in as ada@example.com with password lovelace', plan: [ADA] },
  { goal: 'log in as ada@example.com / lovelace', plan: [ADA] },
  { goal: 'Log in with email ada@example.com and password lovelace', plan: [ADA] },
  { goal: 'sign in with username ada and password secret123', plan: ["Sign in as 'ada' with password 'secret123'"] },
  { goal: 'Log in with ada / lovelace', plan: ["Sign in as 'ada' with password 'lovelace'"] },
  { goal: 'Sign in using ada@example.com and password lovelace', plan: [ADA] },
  { goal: 'Log in as ada@example.com, password lovelace', plan: [ADA] },
  { goal: 'Log in as the admin', plan: ["Log in with config 'admin'"] },
  { goal: 'Log in', plan: ['Log in'] },
  { goal: 'log into the app', plan: ['Log in'] },
  { goal: 'Sign in with the demo account', plan: ["Log in with config 'demo'"] },
  { goal: 'Login with valid credentials', plan: ['Log in'] },
  { goal: 'I log in with my account', plan: ['Log in'] },
  { goal: 'Log in with the admin user', plan: ["Log in with config 'admin'"] },
  { goal: 'Try to log in', plan: ['Log in'] },

  // A wizard's step as the place, said first; going back to a step; a step by its position.
  { goal: 'On Review open the rules link', plan: ["Open 'Review step'", "Open the 'rules' link"] },
  { goal: 'From the review, click Edit', plan: ["Open 'review step'", "Click 'Edit'"] },
  { goal: 'Go back to the Account step', plan: ["Open 'Account step'"] },
  { goal: 'Go Back to the Account step and Continue again', plan: ["Open 'Account step'", "Click 'Continue'"] },
  {
    goal: 'Switch to Off-peak and continue back to the review',
    plan: ["Open 'Off-peak'", "Click 'Continue review', 'Continue' or 'Next'"],
  },
  { goal: 'Use Edit on the Membership section', plan: ["Click 'Edit' in the row of 'Membership'"] },
  { goal: 'Turn on both Towel service and Locker', plan: ["Check 'Towel service'", "Check 'Locker'"] },
  { goal: "Type 'x2' in the confirm box by mistake", plan: ["Fill the 'confirm' box with 'x2'"] },
  {
    goal: 'Happy path: ada@example.com, password S3cret!, Ada Lovelace',
    plan: ["Fill in 'ada@example.com', password 'S3cret!', 'Ada Lovelace'"],
  },
  {
    goal: 'Start signing up with ada@example.com and the password S3cret!, but type X9 in the confirm box, then click Continue',
    plan: ["Fill in 'ada@example.com', password 'S3cret!'", "Fill the 'confirm' box with 'X9'", "Click 'Continue'"],
  },

  // Menu paths.
  { goal: 'Choose File > Export > PDF', plan: ["Click 'File'", "Click 'Export'", "Click 'PDF'"] },
  { goal: 'File > Export > PDF', plan: ["Click 'File'", "Click 'Export'", "Click 'PDF'"] },
  // Where the menu is, without a comma; a path whose last item is ticked.
  { goal: 'In the menubar go to View > Sort by > Size', plan: ["Click 'View'", "Click 'Sort by'", "Click 'Size'"] },
  { goal: 'Turn on View > Show hidden files', plan: ["Click 'View'", "Check 'Show hidden files'"] },
  { goal: 'Untick View > Show hidden files', plan: ["Click 'View'", "Uncheck 'Show hidden files'"] },
  { goal: 'Click Edit > Preferences', plan: ["Click 'Edit'", "Click 'Preferences'"] },
  { goal: 'open Account > Settings > Security', plan: ["Click 'Account'", "Click 'Settings'", "Click 'Security'"] },
  { goal: 'Select View → Zoom → 200%', plan: ["Click 'View'", "Click 'Zoom'", "Click '200%'"] },
  { goal: 'Go to Settings > Users', plan: ["Click 'Settings'", "Click 'Users'"] },
  // A row by its position: grounded at burn-in, recorded by its text.
  { goal: 'Click Edit in the second row', plan: ["Click 'Edit' in the second row"] },
  {
    goal: 'Select the first three rows',
    plan: [1, 2, 3].map((n) => `Check the checkbox in the ${['first', 'second', 'third'][n - 1]} row`),
  },
  { goal: 'Untick the last row', plan: ['Uncheck the checkbox in the last row'] },
  { goal: 'Add the first product on the page to the cart', plan: [`Click the first ${ADD.replace(/^/, '')}`] },
  // A place before the verb holds every action that took the first one's verb; where on the screen it is says nothing.
  {
    goal: 'In the folder tree on the left, expand Projects and then 2026, and open the Q4 reports folder',
    plan: ["Expand 'Projects'", "Expand '2026'", "Open the 'Q4 reports' folder"],
  },
  // What the action is done with is set aside: the row's menu is found on the page.
  { goal: 'Delete the Team offsite photo from its ⋮ menu', plan: [deleteRow('Team offsite photo')] },

  // Subjects and fillers: "I", "the user", "now", "next", "try to".
  { goal: 'The user adds the blue mug to the cart', plan: [addToCart('blue mug')] },
  { goal: 'I want to add Blue mug to the cart', plan: [addToCart('Blue mug')] },
  { goal: 'Now click Checkout', plan: ["Click 'Checkout'"] },
  { goal: 'then click Pay now', plan: ["Click 'Pay now'"] },
  { goal: 'next, click Pay now', plan: ["Click 'Pay now'"] },
  { goal: 'Next click Continue', plan: ["Click 'Continue'"] },
  { goal: 'Finally click Place order', plan: ["Click 'Place order'"] },
  { goal: 'we click on the Orders link', plan: ["Click the 'Orders' link"] },
  { goal: 'Please press the Save button.', plan: ["Click the 'Save' button"] },
  { goal: 'You should click Submit', plan: ["Click 'Submit'"] },
  { goal: "Let's open the Orders page", plan: ["Open the 'Orders' page"] },
  { goal: 'The user needs to tick Remember me', plan: ["Check 'Remember me'"] },

  // Checks inside a goal.
  { goal: 'check that the cart shows 1 item', plan: ['Verify that there is 1 item in the cart'] },
  { goal: 'make sure Order placed is shown', plan: ["Verify that 'Order placed' is shown"] },
  { goal: 'The user should see Thank you for your order', plan: ["Verify that 'Thank you for your order' is shown"] },
  { goal: 'Verify the URL contains /orders', plan: ["Verify that the URL contains '/orders'"] },
  { goal: 'make sure Error is not shown', plan: ["Verify that 'Error' is not shown"] },

  // Whole goals: several sentences, lists, "then", commas.
  {
    goal: 'Open the products page, add the blue mug to the cart and go to the cart',
    plan: ["Open the 'products' page", addToCart('blue mug'), "Open 'cart'"],
  },
  {
    goal: 'Go to /login. Sign in as ada@example.com with password lovelace. Then open Settings',
    plan: ['Go to /login', ADA, "Open 'Settings'"],
  },
  {
    goal: '- type Buy milk into the new todo field and press enter\n- tick Buy milk\n- click Clear completed',
    plan: [
      "Fill the 'new todo' field with 'Buy milk'",
      "Press Enter in the 'new todo' field",
      "Check 'Buy milk'",
      "Click 'Clear completed'",
    ],
  },
  {
    goal: 'Search for mugs, open the first result and add it to the cart',
    plan: [...searchFor('mugs'), 'Open the first result', `Click ${ADD}`],
  },
  {
    goal: 'Log in, open Settings > Profile and change the display name to Ada',
    plan: ['Log in', "Click 'Settings'", "Click 'Profile'", "Fill 'display name' with 'Ada'"],
  },
  { goal: 'Accept cookies, then sign in as ada@example.com with password lovelace', plan: [ACCEPT_COOKIES, ADA] },
  {
    goal: 'Open the Billing tab and tick Send invoices by email',
    plan: ["Open the 'Billing' tab", "Check 'Send invoices by email'"],
  },
  {
    goal: 'Click Checkout; fill Name with Ada Lovelace; fill Card number with 4242 4242 4242 4242; click Pay',
    plan: [
      "Click 'Checkout'",
      "Fill 'Name' with 'Ada Lovelace'",
      "Fill 'Card number' with '4242 4242 4242 4242'",
      "Click 'Pay'",
    ],
  },
  { goal: 'Expand Documents, then open Report.pdf', plan: ["Expand 'Documents'", "Open 'Report.pdf'"] },
  {
    goal: 'Go to the cart, change the quantity of Blue mug to 2 and click Update',
    plan: ["Open 'cart'", "Fill 'quantity' in the row of 'Blue mug' with '2'", "Click 'Update'"],
  },
  {
    goal: 'Fill in the search box with kettle and hit enter',
    plan: ["Fill the 'Search' box with 'kettle'", "Press Enter in the 'Search' box"],
  },
  {
    goal: 'Type ada@example.com into the email field, type lovelace into the password field and click Sign in',
    plan: [
      "Fill the 'email' field with 'ada@example.com'",
      "Fill the 'password' field with 'lovelace'",
      "Click 'Sign in'",
    ],
  },
  { goal: 'Open the Todos page and delete Buy milk', plan: ["Open the 'Todos' page", deleteRow('Buy milk')] },
  {
    goal: '1. Add Blue mug to the cart\n2. open the cart\n3. click Checkout',
    plan: [addToCart('Blue mug'), "Open 'cart'", "Click 'Checkout'"],
  },
  {
    goal: 'Sign in. Add the red kettle to the basket. Then confirm',
    plan: ['Log in', "Click 'Add to basket', 'Add to cart', 'Add to bag' or 'Add' in the row of 'red kettle'", CONFIRM],
  },
  { goal: 'Dismiss the popup and accept cookies', plan: ['Dismiss the dialog', ACCEPT_COOKIES] },
  {
    goal: 'Select Sweden from Country, tick I agree and submit',
    plan: ["Select 'Sweden' from 'Country'", "Check 'I agree'", SUBMIT],
  },
  {
    goal: 'Go to /todos\nDelete the second todo\nVerify that 1 item left is shown',
    plan: ['Go to /todos', "Click the second 'Delete' or 'Remove'", "Verify that '1 item left' is shown"],
  },
  {
    goal: 'open the menu, choose Settings and switch off Dark mode',
    plan: ["Open 'menu'", "Choose 'Settings'", "Uncheck 'Dark mode'"],
  },
  {
    goal: 'Click the first product, pick Large as the size and add it to the cart',
    plan: ['Click the first product', "Select 'Large' from 'size'", `Click ${ADD}`],
  },
  {
    goal: 'Expand Advanced settings and enable Beta features',
    plan: ["Expand 'Advanced settings'", "Check 'Beta features'"],
  },
  { goal: "Log in as ada@example.com / lovelace and open 'My orders'", plan: [ADA, "Open 'My orders'"] },

  // Written after the parser work, as a check on sentences it was not tuned to.
  { goal: 'click on the cart icon in the header', plan: ["Click the 'cart' icon"] },
  { goal: 'Log out', plan: [LOG_OUT] },
  { goal: 'sign out of the app', plan: [LOG_OUT] },
  { goal: 'open the dropdown and choose Sweden', plan: ['Open the dropdown', "Choose 'Sweden'"] },
  { goal: "enter 'hello' and hit enter", plan: ["Fill the field with 'hello'", 'Press Enter in the field'] },
  { goal: "Click on the 'Sign in' button at the top", plan: ["Click the 'Sign in' button"] },
  { goal: 'I fill in my email address with ada@example.com', plan: ["Fill 'email address' with 'ada@example.com'"] },
  { goal: 'press the login button', plan: ["Click the 'login' button"] },
  { goal: 'check the Remember me box', plan: ["Check the 'Remember me' box"] },
  {
    goal: 'Go to the settings page and change the language to French',
    plan: ["Open the 'settings' page", "Fill 'language' with 'French'"],
  },
  { goal: 'click the Submit button at the bottom of the form', plan: ["Click the 'Submit' button"] },
  { goal: 'close the modal', plan: ['Dismiss the dialog'] },
  { goal: "search 'kettle'", plan: searchFor('kettle') },
  { goal: 'Click the Next page button', plan: ["Click the 'Next page' button"] },
  { goal: 'Tap on the hamburger menu', plan: ["Click the 'hamburger' menu"] },
  { goal: 'Click Sign in at the top right', plan: ["Click 'Sign in'"] },
  { goal: 'The user logs out', plan: [LOG_OUT] },

  // From the goal suite of small apps (test/fixtures/apps), written by another hand.
  { goal: 'Archive Groceries', plan: ["Click 'Archive' in the row of 'Groceries'"] },
  // Rows selected by their checkboxes, the list's select-all box, and a sequence after "then".
  {
    goal: 'Select Ada Lovelace and Alan Turing',
    plan: ["Check the checkbox in the row of 'Ada Lovelace'", "Check the checkbox in the row of 'Alan Turing'"],
  },
  // The selection's own control; where on the screen ("in the table header") is left out.
  {
    goal: 'Tick the select-all checkbox in the table header, then delete the selected items',
    plan: ["Check the 'select-all' checkbox", "Click 'Delete selected', 'Delete' or 'Remove'"],
  },
  { goal: 'Archive the selected emails', plan: ["Click 'Archive selected' or 'Archive'"] },
  {
    goal: 'Check the boxes for Blue Widget and Red Widget',
    plan: ["Check the checkbox in the row of 'Blue Widget'", "Check the checkbox in the row of 'Red Widget'"],
  },
  {
    goal: 'Select the GitHub and Linear emails',
    plan: ["Check the checkbox in the row of 'GitHub'", "Check the checkbox in the row of 'Linear'"],
  },
  { goal: 'Select all the messages in the inbox', plan: ["Check 'Select all', 'Select all messages' or 'All'"] },
  {
    goal: 'Pick 15 December as check-in, then 12 December as check-out',
    plan: ["Fill 'check-in' with '15 December'", "Fill 'check-out' with '12 December'"],
  },
  // A count of an item to add: its button as many times, the item in the singular.
  {
    goal: 'Put 2 Wool Beanies in the cart',
    plan: [
      "Click 'Add to cart', 'Add to basket', 'Add to bag' or 'Add' in the row of 'Wool Beanie'",
      "Click 'Add to cart', 'Add to basket', 'Add to bag' or 'Add' in the row of 'Wool Beanie'",
    ],
  },
  // A place after a number is where the field is, not part of the value; a text keeps its words.
  { goal: 'Lower the quantity to 1 in the cart', plan: ["Fill 'quantity' with '1'"] },
  { goal: 'Set the title to Hello in the dialog', plan: ["Fill 'title' with 'Hello in the dialog'"] },
  // An action in brackets is one more action; other brackets stay as written.
  {
    goal: 'Select all the results and delete them (confirm)',
    plan: [
      "Check 'Select all', 'Select all results' or 'All'",
      "Click the 'Delete selected' or 'Delete' button",
      "Click 'Confirm', 'OK', 'Yes', 'Continue', 'Submit', 'Save', 'Delete' or 'Done'",
    ],
  },
  // A range: its two ends, each a field of its own.
  {
    goal: 'Set the price range from 20 to 50',
    plan: [
      "Fill 'Minimum price', 'Min price', 'Price from', 'Minimum' or 'Min' with '20'",
      "Fill 'Maximum price', 'Max price', 'Price to', 'Maximum' or 'Max' with '50'",
    ],
  },
  // A row named by its text, as the thing ticked: its checkbox.
  { goal: "Tick Radia Perlman's row", plan: ["Check the checkbox in the row of 'Radia Perlman'"] },
  { goal: 'Select the row of Ada Lovelace', plan: ["Check the checkbox in the row of 'Ada Lovelace'"] },
  { goal: 'Untick the Stripe invoice line', plan: ["Uncheck the checkbox in the row of 'Stripe invoice'"] },
  {
    goal: 'Click Wipe, then cancel the confirmation',
    plan: ["Click 'Wipe'", "Click 'Cancel'"],
  },
  // A date chosen for a field is typed into it; a verb said once serves the parts after it.
  {
    goal: 'Pick 30 December as the check-in date and 2 January as check-out',
    plan: ["Fill 'check-in date' or 'check-in' with '30 December'", "Fill 'check-out' with '2 January'"],
  },
  {
    goal: 'Set the max price to 30 and the min price to 10',
    plan: ["Fill 'max price' with '30'", "Fill 'min price' with '10'"],
  },
  // A choice named by its group's word and its value.
  { goal: 'Pick size 46', plan: ["Choose 'size 46', '46' or 'Size 46'"] },
  // A numbered page of a list: its pagination control.
  { goal: 'Go to page 2 of the results', plan: ["Open 'Page 2', '2' or 'Go to page 2'"] },
  { goal: 'Go to the third page of the stock list', plan: ["Open 'Page 3', '3' or 'Go to page 3'"] },
  { goal: 'Open the second page', plan: ["Open 'Page 2', '2' or 'Go to page 2'"] },
  // "Check" a place is to look at it: it is opened, not ticked.
  { goal: 'Check the Sent folder', plan: ["Open the 'Sent' folder"] },
  // A kind of item around its name is not part of the name.
  { goal: "Open the message 'Lunch on Friday?'", plan: ["Open 'Lunch on Friday?'"] },
  { goal: "Open the 'Fix login' card", plan: ["Open 'Fix login'"] },
  {
    goal: 'Delete the card Old landing page cleanup',
    plan: ["Click 'Delete' or 'Remove' in the row of 'Old landing page cleanup'"],
  },
  {
    goal: 'Fill in your name with Ada Lovelace, choose Terrace and click Book table',
    plan: ["Fill 'name' with 'Ada Lovelace'", "Choose 'Terrace'", "Click 'Book table'"],
  },
  { goal: 'Type Nor into Country and pick Norway', plan: ["Fill 'Country' with 'Nor'", "Choose 'Norway'"] },
  {
    goal: 'Expand Pictures, expand holiday and open beach.jpg',
    plan: ["Expand 'Pictures'", "Expand 'holiday'", "Open 'beach.jpg'"],
  },
  { goal: 'Open the Team tab and remove Alan Turing', plan: ["Open the 'Team' tab", removeRow('Alan Turing')] },
  { goal: 'Add the red kettle to the cart twice', plan: times(2, addToCart('red kettle')) },
  { goal: 'Dismiss the cookie notice', plan: ['Dismiss the dialog'] },
  { goal: 'Click Buy milk in the todo list', plan: ["Click 'Buy milk'"] },
  { goal: 'Open Settings in a new tab', plan: ["Open 'Settings'"] },
  { goal: 'Edit Buy milk', plan: ["Click 'Edit' in the row of 'Buy milk'"] },

  // Purposes, labels, leading places, "again".
  {
    goal: "click the 'Add to cart' button on the Blue mug card",
    plan: ["Click the 'Add to cart' button in the row of 'Blue mug'"],
  },
  { goal: 'In the search field, type kettle', plan: ["Fill the 'Search' field with 'kettle'"] },
  // A place without a comma when its end is plain (quoted, or a page, step, section, ...); the place
  // is where the first action happens, not every one; "but" joins two actions.
  {
    goal: 'In "How did you hear about us" pick Other and type Hacker News',
    plan: ["Select 'Other' from 'How did you hear about us'", "Fill the field with 'Hacker News'"],
  },
  { goal: 'On the review page click Edit next to the dates', plan: ["Click 'Edit' next to 'dates'"] },
  {
    goal: 'In the Billing section, click Save and then click Close',
    plan: ["Click 'Save' in the row of 'Billing'", "Click 'Close'"],
  },
  { goal: "Click 'Empty trash' but then cancel", plan: ["Click 'Empty trash'", "Click 'Cancel'"] },
  // A verb that also names controls starts an action in lower case before an article; a bare sign-up
  // is the form's button.
  {
    goal: 'Accept the terms and create the account',
    plan: [
      "Check 'terms'",
      "Click 'Sign up', 'Sign Up', 'Register', 'Create account', 'Create an account', 'Join' or 'Submit'",
    ],
  },
  // What is left alone is no action.
  { goal: 'Tick Remember me, but leave the newsletter box unticked', plan: ["Check 'Remember me'"] },
  { goal: 'Enter 3 for quantity', plan: ["Fill 'quantity' with '3'"] },
  { goal: 'Choose Express for shipping', plan: ["Select 'Express' from 'shipping'"] },
  {
    goal: 'Go to the Orders page and check that Order 1001 is listed',
    plan: ["Open the 'Orders' page", "Verify that 'Order 1001' is shown"],
  },
  { goal: 'Open the user menu and click Settings', plan: ["Open the 'user' menu", "Click 'Settings'"] },
  {
    goal: 'Fill the Email field with ada@example.com and the Password field with lovelace',
    plan: ["Fill the 'Email' field with 'ada@example.com'", "Fill the 'Password' field with 'lovelace'"],
  },
  { goal: 'Select the Annual billing option', plan: ["Choose the 'Annual billing' option"] },
  { goal: 'Press Ctrl+Enter to send', plan: ['Press Control+Enter'] },
  { goal: 'Click Save to save the changes', plan: ["Click 'Save'"] },
  { goal: 'Click on the link that says Forgot password', plan: ["Click the 'Forgot password' link"] },
  { goal: 'Click the button labelled Continue', plan: ["Click the 'Continue' button"] },
  { goal: 'Click the Continue button again', plan: ["Click the 'Continue' button"] },
  { goal: 'wait for the Loading spinner to disappear', plan: ["Verify that 'Loading' is not shown"] },
  { goal: 'Type ada@example.com in the email input', plan: ["Fill the 'email' input with 'ada@example.com'"] },
  { goal: 'Enter the email ada@example.com', plan: ["Fill 'email' with 'ada@example.com'"] },
  { goal: "Type 'hello' in the chat box and send it", plan: ["Fill the 'chat' box with 'hello'", SUBMIT] },
  { goal: 'hit the Enter key', plan: ['Press Enter'] },
  {
    goal: 'go to https://example.com/login and log in as admin',
    plan: ['Go to https://example.com/login', "Log in with config 'admin'"],
  },
  { goal: "Click 'OK' on the confirmation dialog", plan: ["Click 'OK'"] },
  { goal: 'Scroll down to see more products', plan: ['Press PageDown'] },
  { goal: 'Click Proceed to checkout', plan: ["Click 'Proceed to checkout'"] },
  { goal: 'Check out', plan: [CHECKOUT] },
  {
    goal: 'Log in as tomsmith with password SuperSecretPassword!',
    plan: ["Sign in as 'tomsmith' with password 'SuperSecretPassword!'"],
  },
  {
    goal: 'Sign up with username ada, email ada@example.com and password lovelace',
    plan: ["Fill in username 'ada', email 'ada@example.com', password 'lovelace'", SIGN_UP],
  },
  {
    goal: 'register with email ada@example.com and password lovelace',
    plan: ["Fill in email 'ada@example.com', password 'lovelace'", SIGN_UP],
  },
  { goal: 'Favorite the first article', plan: ["Click the first 'Favorite'"] },
  { goal: 'Like Hello world', plan: ["Click 'Like' in the row of 'Hello world'"] },
  { goal: 'Sort by price low to high', plan: ["Select 'price low to high' from 'Sort', 'Sort by' or 'Order by'"] },
  { goal: 'sort the products by Name (Z to A)', plan: ["Select 'Name (Z to A)' from 'Sort', 'Sort by' or 'Order by'"] },
  // TodoMVC and other list apps.
  { goal: 'Add a todo Buy milk', plan: newItem('Buy milk') },
  { goal: "Add 'Buy milk'", plan: newItem('Buy milk') },
  { goal: 'Create a new todo called Buy milk', plan: newItem('Buy milk') },
  { goal: 'create a task named Write report', plan: newItem('Write report') },
  {
    goal: 'Add three todos: Buy milk, Walk the dog and Pay rent',
    plan: [...newItem('Buy milk'), ...newItem('Walk the dog'), ...newItem('Pay rent')],
  },
  { goal: 'Rename Buy milk to Buy oat milk', plan: ["Rename 'Buy milk' to 'Buy oat milk'"] },
  { goal: 'edit the todo Buy milk to say Buy bread', plan: ["Rename 'Buy milk' to 'Buy bread'"] },
  {
    goal: 'Double-click Buy milk and change it to Buy bread',
    // "it" is the item the double-click acted on: renamed in the editor that shows its name.
    plan: ["Double-click 'Buy milk'", "Rename 'Buy milk' to 'Buy bread'"],
  },
  {
    goal: "Open 'Update dependencies', rename it to 'Upgrade to Node 22' and cancel without saving",
    plan: ["Open 'Update dependencies'", "Rename 'Update dependencies' to 'Upgrade to Node 22'", "Click 'Cancel'"],
  },
  { goal: 'Complete Buy milk', plan: ["Check 'Buy milk'"] },
  { goal: 'Mark all todos as complete', plan: [MARK_ALL] },
  { goal: 'complete all items', plan: [MARK_ALL] },
  { goal: 'Show only active todos', plan: ["Open 'Active', 'Open', 'Pending' or 'To do'"] },
  { goal: 'Filter by completed', plan: ["Open 'Completed', 'Done', 'Finished' or 'Complete'"] },
  { goal: 'show all', plan: ["Open 'All'"] },
  {
    goal: 'Clear completed todos',
    plan: ["Click 'Clear completed', 'Clear done', 'Clear finished', 'Remove completed' or 'Delete completed'"],
  },
  {
    goal: 'Follow Alan Turing and Katherine Johnson',
    plan: ["Click 'Follow' in the row of 'Alan Turing'", "Click 'Follow' in the row of 'Katherine Johnson'"],
  },
  { goal: 'Delete Buy milk and Walk the dog', plan: [deleteRow('Buy milk'), deleteRow('Walk the dog')] },
  { goal: 'delete Salt and pepper', plan: [deleteRow('Salt and pepper')] },
  { goal: 'Click Duplicate in the Actions menu', plan: ["Open the 'Actions' menu", "Click 'Duplicate'"] },
  { goal: 'choose Export from the File menu', plan: ["Open the 'File' menu", "Click 'Export'"] },
  { goal: 'proceed to checkout', plan: [CHECKOUT] },
  { goal: 'Add the blue mug to the cart and check out', plan: [addToCart('blue mug'), CHECKOUT] },
  { goal: 'Click Back to top', plan: ["Click 'Back to top'"] },
  { goal: 'Set the status to open', plan: ["Fill 'status' with 'open'"] },
  { goal: 'Add Buy bread to the list', plan: ["Fill the field with 'Buy bread'", 'Press Enter in the field'] },
  {
    goal: 'add walk the dog to my todo list',
    plan: ["Fill the field with 'walk the dog'", 'Press Enter in the field'],
  },
  { goal: 'Follow Grace Hopper', plan: ["Click 'Follow' in the row of 'Grace Hopper'"] },

  // A fourth batch, written before running it.
  { goal: 'Click the checkbox for Buy milk', plan: ["Click the checkbox next to 'Buy milk'"] },
  { goal: 'Press Tab to move to the next field', plan: ['Press Tab'] },
  {
    goal: "Select 'Blue' in the Color dropdown and click Apply",
    plan: ["Select 'Blue' from the 'Color' dropdown", "Click 'Apply'"],
  },
  { goal: "Now type 'Paris' in the city field", plan: ["Fill the 'city' field with 'Paris'"] },
  { goal: 'Check the Terms checkbox and click Register', plan: ["Check the 'Terms' checkbox", "Click 'Register'"] },
  { goal: 'Increase the quantity to 3', plan: ["Fill 'quantity' with '3'"] },
  { goal: "Click on Blue mug's Add to cart button", plan: ["Click the 'Add to cart' button in the row of 'Blue mug'"] },
  { goal: 'Fill in the search bar with mugs', plan: ["Fill the 'Search' box with 'mugs'"] },
  { goal: 'Select Express delivery and continue', plan: ["Choose 'Express delivery'", "Click 'Continue'"] },
  { goal: 'Click Save and continue', plan: ["Click 'Save and continue'"] },
  { goal: 'Wait for the Results heading', plan: ["Wait for 'Results'"] },
  { goal: 'Click the red Delete button', plan: ["Click the 'Delete' button"] },
  { goal: "Choose 'Dark' under Theme", plan: ["Choose 'Dark' next to 'Theme'"] },
  { goal: 'Open the Blue mug', plan: ["Open 'Blue mug'"] },
  { goal: 'Update the quantity of Red kettle to 4', plan: ["Fill 'quantity' in the row of 'Red kettle' with '4'"] },
  // A container's own control, named by the verb and the container.
  { goal: 'Empty the cart', plan: ["Click 'Empty cart'"] },
  { goal: 'Clear my shopping list', plan: ["Click 'Clear shopping list'"] },
];

export interface RefusedEntry {
  goal: string;
  /** What the message must say (beyond "Could not understand ..."). */
  says: RegExp;
}

/** Sentences that name no concrete action: refused with a message that says what would work, never guessed at. */
export const REFUSED: RefusedEntry[] = [
  { goal: 'test the app', says: /one concrete action on the page, naming the element/ },
  { goal: 'Make sure everything works', says: /does not say what to look for on the page/ },
  { goal: 'do the checkout', says: /one concrete action on the page, naming the element/ },
  { goal: 'Check everything', says: /"Check" ticks a checkbox; to look at the page, say what it must show/ },
  { goal: 'click around', says: /"around" does not say which element/ },
  { goal: 'Click the button', says: /name the element, e\.g\. "Click the 'Save' button"/ },
  { goal: 'fill in the form', says: /say which fields and what to type/ },
  { goal: 'Enter your email address', says: /say what to type and where/ },
  { goal: 'Wait for the page to load', says: /waits for the page to settle after every action by itself/ },
  { goal: 'Wait 2 seconds', says: /does not wait for a fixed time/ },
  { goal: 'Go back', says: /going back and reloading are not phrasings yet/ },
  { goal: 'Reload the page', says: /going back and reloading are not phrasings yet/ },
  { goal: 'Upload a profile picture', says: /one concrete action on the page, naming the element/ },
  { goal: 'Drag Buy milk to Done', says: /one concrete action on the page, naming the element/ },
  { goal: 'Verify that it works', says: /does not say what to look for on the page/ },
  { goal: 'Buy something', says: /one concrete action on the page, naming the element/ },
  { goal: 'Play with the filters', says: /one concrete action on the page, naming the element/ },
  { goal: 'Delete everything', says: /"everything" does not say which element/ },
  { goal: 'Select something from the dropdown', says: /"something" does not say which element/ },
  { goal: 'Log in and check the dashboard', says: /"Check" ticks a checkbox/ },
  { goal: 'Scroll to the reviews', says: /scrolls to an element by itself/ },
  { goal: 'Make sure the page looks right', says: /Could not understand "Make sure the page looks right"/ },
  { goal: 'Go through the onboarding', says: /one concrete action on the page, naming the element/ },
  { goal: 'Log in as ada@example.com', says: /say the password too/ },
  { goal: 'Verify the login was successful', says: /does not say what to look for on the page/ },
  { goal: 'Check that a success message appears', says: /does not say which text the message shows/ },
  { goal: 'Complete the purchase', says: /one concrete action on the page, naming the element/ },
  { goal: 'Click it', says: /"it" does not say which element/ },
  { goal: 'Click Next 60 times', says: /repeats an action at most 50 times; split the goal/ },
  { goal: 'Click Load more 1000 times', says: /repeats an action at most 50 times/ },
  { goal: 'Add 60 mugs to the cart', says: /at most 50 times; set the quantity instead/ },
  { goal: 'Put 500 Wool Beanies in the cart', says: /at most 50 times; set the quantity instead/ },
  { goal: 'Increase the quantity by 51', says: /at most 50 times; set the value directly/ },
  { goal: 'Fill in all the fields', says: /say which fields and what to type/ },
  { goal: 'type in your name', says: /say what to type and where/ },
  { goal: 'Register a new account', says: /one concrete action on the page, naming the element/ },
  { goal: 'fill email and password and click login', says: /one concrete action on the page, naming the element/ },
  { goal: 'Enter a search term', says: /say what to type and where/ },
];
