// The demo shop that `goalie serve` runs for a first run, and the demo project that tests it:
// real HTTP, real headless Chromium (through the accessibility tree, as the built-in agent does),
// and the seeded YAML.
import { expect } from 'chai';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { captureState, newContext, type BrowserState } from '../../backend/src/agent/browser.js';
import { startDemoSite, type DemoSite } from '../../backend/src/demo/demo-site.js';
import { loadProjectFile } from '../../shared/src/project-file/load.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';

const DEMO_YAML = fileURLToPath(new URL('../../backend/src/demo/demo-project.yaml', import.meta.url));
const WAIT = { timeout: 10_000 };

describe('demo site', () => {
  let site: DemoSite;

  before(async () => {
    site = await startDemoSite({ port: 0 });
  });
  after(() => site?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { headers, redirect: 'manual' });
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { method: 'POST', body: new URLSearchParams(form), headers, redirect: 'manual' });
  async function signInOverHttp(): Promise<string> {
    const res = await post('/login', { email: 'ada@example.com', password: 'lovelace' });
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  describe('over HTTP', () => {
    it('listens on 127.0.0.1 on a free port and says where', () => {
      expect(site.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Number(new URL(site.url).port)).to.be.greaterThan(0);
    });

    it('gives every page a title, the navigation and the cart count', async () => {
      const cookie = await signInOverHttp();
      const pages: [string, string][] = [
        ['/', 'Demo shop'],
        ['/login', 'Sign in'],
        ['/products', 'Products'],
        ['/cart', 'Cart'],
        ['/todo', 'Todo'],
        ['/contact', 'Contact'],
        ['/account', 'Account'],
        ['/checkout', 'Checkout'],
      ];
      for (const [path, title] of pages) {
        const res = await get(path, { cookie });
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('content-type'), path).to.equal('text/html; charset=utf-8');
        const body = await res.text();
        expect(body, path).to.include(`<title>${title}</title>`);
        expect(body, path).to.include('<nav aria-label="Main">');
        expect(body, path).to.include('Cart (<span data-cart-count>0</span>)');
        expect(body, path).not.to.match(/<(link|script)[^>]+(href|src)="https?:/);
      }
    });

    it('refuses a wrong password without a session, and keeps what was typed, escaped', async () => {
      const res = await post('/login', { email: '<b>ada</b>@example.com', password: 'lovelace' });
      expect(res.status).to.equal(401);
      expect(res.headers.get('set-cookie')).to.equal(null);
      const body = await res.text();
      expect(body).to.include('Wrong email or password');
      expect(body).to.include('value="&lt;b&gt;ada&lt;/b&gt;@example.com"');
      expect(body).not.to.include('<b>ada</b>');
    });

    it('signs in with an HttpOnly session cookie, shows the account, and signs out', async () => {
      const res = await post('/login', { email: ' ADA@example.com ', password: 'lovelace' });
      expect(res.status).to.equal(303);
      expect(res.headers.get('location')).to.equal('/account');
      const setCookie = res.headers.get('set-cookie')!;
      expect(setCookie).to.match(/^demo_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
      const cookie = setCookie.split(';')[0]!;

      const account = await get('/account', { cookie });
      expect(account.status).to.equal(200);
      const body = await account.text();
      expect(body).to.include('<h1>Welcome, Ada</h1>');
      expect(body).to.include('<button type="submit">Sign out</button>');
      expect(body).to.include('<a href="/account" aria-current="page">Account</a>');

      const out = await post('/logout', {}, { cookie });
      expect(out.status).to.equal(303);
      expect(out.headers.get('set-cookie')).to.include('Max-Age=0');
      const after = await get('/account', { cookie });
      expect(after.status).to.equal(303);
      expect(after.headers.get('location')).to.equal('/login?next=%2Faccount');
    });

    it('goes back to the page that asked for a session, but only on this site', async () => {
      const back = await post('/login', { email: 'ada@example.com', password: 'lovelace', next: '/checkout' });
      expect(back.headers.get('location')).to.equal('/checkout');
      const away = await post('/login', { email: 'ada@example.com', password: 'lovelace', next: '//evil.example/' });
      expect(away.headers.get('location')).to.equal('/account');
    });

    it('asks to sign in before checkout and places an order with the posted cart', async () => {
      const anonymous = await get('/checkout');
      expect(anonymous.status).to.equal(303);
      expect(anonymous.headers.get('location')).to.equal('/login?next=%2Fcheckout');

      const cookie = await signInOverHttp();
      const cart = JSON.stringify([
        { id: 'blue-mug', quantity: 2 },
        { id: 'black-cup', quantity: 1 },
      ]);
      const placed = await post(
        '/checkout',
        { cart, name: 'Ada Lovelace', country: 'Norway', terms: 'on' },
        { cookie },
      );
      expect(placed.status).to.equal(303);
      const location = placed.headers.get('location')!;
      expect(location).to.match(/^\/orders\/\d+$/);

      const order = await get(location, { cookie });
      expect(order.status).to.equal(200);
      const body = await order.text();
      expect(body).to.include('<title>Order confirmed</title>');
      expect(body).to.include('<h1>Thank you for your order</h1>');
      expect(body).to.include('Total: 32 €');
      expect(body).to.include('shipping to Ada Lovelace, Norway');

      expect((await get(location)).headers.get('location')).to.equal(`/login?next=${encodeURIComponent(location)}`);
      expect((await get('/orders/999999', { cookie })).status).to.equal(404);
    });

    it('says what is missing at checkout instead of placing the order', async () => {
      const cookie = await signInOverHttp();
      const res = await post(
        '/checkout',
        { cart: '[{"id":"no-such-thing","quantity":1}]', name: ' ', country: 'Atlantis' },
        { cookie },
      );
      expect(res.status).to.equal(422);
      const body = await res.text();
      for (const message of [
        'Your cart is empty',
        'Please fill in Name.',
        'Please choose a Country.',
        'Please accept the terms.',
      ])
        expect(body).to.include(message);
    });

    it('thanks for a contact message and says which fields are missing', async () => {
      const sent = await post('/contact', { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
      expect(sent.status).to.equal(200);
      const thanks = await sent.text();
      expect(thanks).to.include('Thanks, we will get back to you');
      expect(thanks).to.include('You will not receive the newsletter.');

      const missing = await post('/contact', { name: 'Ada', newsletter: 'on' });
      expect(missing.status).to.equal(422);
      const body = await missing.text();
      expect(body).to.include('Please fill in Email, Message.');
      expect(body).to.match(/id="contact-newsletter" name="newsletter" checked/);
    });

    it('answers unknown pages, methods and bodies with a page that says so', async () => {
      const missing = await get('/nope');
      expect(missing.status).to.equal(404);
      expect(await missing.text()).to.include('<h1>Page not found</h1>');

      const wrongMethod = await fetch(site.url + '/products', { method: 'DELETE' });
      expect(wrongMethod.status).to.equal(405);
      expect(wrongMethod.headers.get('allow')).to.equal('GET, HEAD');

      const json = await fetch(site.url + '/login', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(json.status).to.equal(415);

      const huge = await post('/contact', { message: 'x'.repeat(100_000) });
      expect(huge.status).to.equal(413);

      expect((await get('/%E0')).status).to.equal(400);
      expect((await fetch(site.url + '/', { method: 'HEAD' })).status).to.equal(200);
    });

    it('closes with connections still open, once or twice, and names a port in use', async () => {
      const other = await startDemoSite({ port: 0 });
      expect((await fetch(other.url + '/', { headers: { connection: 'keep-alive' } })).status).to.equal(200);
      await other.close();
      await other.close();
      let failure: Error | null = null;
      await fetch(other.url + '/').catch((error: Error) => (failure = error));
      expect(failure).to.be.instanceOf(Error);

      const port = Number(new URL(site.url).port);
      let inUse: Error | null = null;
      await startDemoSite({ port }).catch((error: Error) => (inUse = error));
      expect(inUse!.message).to.equal(
        `The demo site cannot listen on 127.0.0.1:${port}: the port is in use; stop what uses it or choose another port.`,
      );
    });
  });

  describe('in Chromium', function () {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    before(async () => {
      browser = await sharedBrowser();
    });
    after(() => closeContexts());
    beforeEach(async () => {
      context = await newContext(browser, null);
      page = await context.newPage();
    });
    afterEach(() => context?.close());

    const go = (path: string) => page.goto(site.url + path);
    const visible = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'visible', ...WAIT });
    const hidden = (text: string) => page.getByText(text).waitFor({ state: 'hidden', ...WAIT });
    const cartLink = () => page.getByRole('navigation').getByRole('link', { name: /^Cart \(\d+\)$/ });
    const listItems = () => page.getByRole('list', { name: 'Todo items' }).getByRole('listitem');
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });

    async function signIn(password = 'lovelace'): Promise<void> {
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }

    it('signs in: a wrong password is refused, the right one welcomes Ada', async () => {
      await go('/');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(/\/login$/);
      await signIn('wrong');
      await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor(WAIT);
      expect(await page.getByLabel('Email').inputValue()).to.equal('ada@example.com');

      await signIn();
      await page.waitForURL(/\/account$/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Welcome, Ada');
      expect(await page.getByText('Wrong email or password').count()).to.equal(0);
      const [cookie] = await context.cookies();
      expect(cookie).to.include({ name: 'demo_session', httpOnly: true });
      expect(await page.evaluate(() => document.cookie)).to.equal('');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(site.url + '/');
      await go('/account');
      expect(new URL(page.url()).pathname).to.equal('/login');
      await visible('Please sign in to continue.');
    });

    it('keeps the cart count in localStorage across pages and reloads, and removes rows', async () => {
      await go('/products');
      expect(await cartLink().textContent()).to.equal('Cart (0)');
      await row('Blue mug').getByRole('button', { name: 'Add to cart' }).click();
      await row('Blue mug').getByRole('button', { name: 'Add to cart' }).click();
      await row('Black cup').getByRole('button', { name: 'Add to cart' }).click();
      await visible('Black cup added to the cart');
      expect(await cartLink().textContent()).to.equal('Cart (3)');

      await page.getByRole('link', { name: 'Todo' }).click();
      await page.waitForURL(/\/todo$/);
      expect(await cartLink().textContent()).to.equal('Cart (3)');
      await page.reload();
      expect(await cartLink().textContent()).to.equal('Cart (3)');

      await cartLink().click();
      await page.waitForURL(/\/cart$/);
      expect(await row('Blue mug').getByRole('cell').allTextContents()).to.deep.equal(['2', '24 €', 'Remove']);
      await visible('Total: 32 €');
      await row('Black cup').getByRole('button', { name: 'Remove' }).click();
      await visible('Black cup removed from the cart');
      expect(await row('Black cup').count()).to.equal(0);
      expect(await cartLink().textContent()).to.equal('Cart (2)');
      await visible('Total: 24 €');

      await row('Blue mug').getByRole('button', { name: 'Remove' }).click();
      await visible('Your cart is empty.');
      expect(await page.getByRole('button', { name: 'Checkout' }).isVisible()).to.equal(false);
    });

    it('asks to sign in at checkout, then places the order and empties the cart', async () => {
      await go('/products');
      await row('Green teapot').getByRole('button', { name: 'Add to cart' }).click();
      await go('/cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/login\?next=%2Fcheckout$/);
      await signIn();
      await page.waitForURL(/\/checkout$/);
      await visible('Green teapot × 1: 24 €');

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please accept the terms.' }).waitFor(WAIT);
      await visible('Please fill in Name.');
      await visible('Please choose a Country.');

      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Country').selectOption('Sweden');
      await page.getByLabel('I accept the terms').check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/orders\/\d+$/);
      expect(await page.title()).to.equal('Order confirmed');
      await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor(WAIT);
      expect(await cartLink().textContent()).to.equal('Cart (0)');
      const number = new URL(page.url()).pathname.split('/').pop()!;

      await page.getByRole('link', { name: 'Account' }).click();
      await page.waitForURL(/\/account$/);
      await page.getByRole('link', { name: `Order ${number}` }).waitFor(WAIT);
    });

    it('adds, toggles, deletes and counts todos, kept in sessionStorage for the tab', async () => {
      await go('/todo');
      const input = page.getByPlaceholder('What needs to be done?');
      await input.fill('Buy milk');
      await input.press('Enter');
      await input.fill('Walk the dog');
      await input.press('Enter');
      expect(await input.inputValue()).to.equal('');
      await input.fill('   ');
      await input.press('Enter');
      expect(await listItems().count()).to.equal(2);
      await visible('2 items left');
      await visible('Saved');

      await listItems().filter({ hasText: 'Buy milk' }).getByRole('checkbox').check();
      await visible('1 item left');
      expect(await page.getByRole('checkbox', { name: 'Toggle Buy milk' }).isChecked()).to.equal(true);
      expect(await page.getByText('Buy milk', { exact: true }).count()).to.equal(1);

      await listItems().filter({ hasText: 'Walk the dog' }).getByRole('button', { name: 'Delete' }).click();
      expect((await listItems().allTextContents()).map((t) => t.trim())).to.deep.equal(['Toggle Buy milk Delete']);
      await visible('0 items left');

      await page.reload();
      expect(await listItems().count()).to.equal(1);
      expect(await page.getByLabel('Toggle Buy milk').isChecked()).to.equal(true);
      await page.getByLabel('Toggle Buy milk').uncheck();
      await visible('1 item left');

      const otherTab = await context.newPage();
      await otherTab.goto(site.url + '/todo');
      expect(await otherTab.getByRole('list', { name: 'Todo items' }).getByRole('listitem').count()).to.equal(0);
      await otherTab.close();
    });

    it('sends the contact form, with the newsletter checked unless unchecked', async () => {
      await go('/contact');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please fill in Name, Email, Message.' }).waitFor(WAIT);

      expect(await page.getByLabel('Newsletter').isChecked()).to.equal(true);
      await page.getByLabel('Name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Message').fill('Do you ship to Norway?');
      await page.getByLabel('Newsletter').uncheck();
      await page.getByRole('button', { name: 'Send' }).click();
      await visible('Thanks, we will get back to you');
      await visible('You will not receive the newsletter.');
      expect(await page.getByText('Error').count()).to.equal(0);
    });

    it('hides the shadow-DOM banner with its Dismiss button', async () => {
      await go('/');
      expect(await page.locator('demo-banner').evaluate((el) => el.shadowRoot?.mode)).to.equal('open');
      const message = page.getByText('Everything here is pretend');
      await message.waitFor(WAIT);
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await hidden('Everything here is pretend');
      expect(await page.getByRole('button', { name: 'Dismiss' }).count()).to.equal(0);
      expect(await page.getByRole('heading', { name: 'Demo shop' }).isVisible()).to.equal(true);
    });

    it('names every link, button and form field, each label naming exactly one', async () => {
      await go('/');
      for (const name of ['Home', 'Products', 'Sign in', 'Cart (0)', 'Todo', 'Contact']) {
        expect(await page.getByRole('link', { name, exact: true }).count(), name).to.equal(1);
      }
      await go('/products');
      await row('Red kettle').getByRole('button', { name: 'Add to cart' }).click();
      await go('/todo');
      await page.getByPlaceholder('What needs to be done?').fill('Buy milk');
      await page.getByPlaceholder('What needs to be done?').press('Enter');
      await go('/login');
      await signIn();
      await page.waitForURL(/\/account$/);

      for (const path of ['/', '/login', '/account', '/products', '/cart', '/checkout', '/todo', '/contact']) {
        await go(path);
        // No named functions inside evaluate: tsx would wrap them in a helper the page lacks.
        const found = await page.evaluate(() => ({
          labels: Array.from(
            document.querySelectorAll<HTMLInputElement>('input:not([type="hidden"]), select, textarea'),
          ).map((c) =>
            Array.from(c.labels ?? [])
              .map((l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim())
              .join(' '),
          ),
          buttons: Array.from(document.querySelectorAll('button, a'))
            .filter((b) => !b.closest('[hidden]'))
            .map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim()),
        }));
        expect(found.buttons, `${path}: links and buttons without text`).not.to.include('');
        expect(found.labels, `${path}: fields without a label`).not.to.include('');
        for (const label of found.labels) {
          expect(await page.getByLabel(label, { exact: true }).count(), `${path}: fields labelled ${label}`).to.equal(
            1,
          );
        }
      }
      await go('/todo');
      expect(await page.getByRole('textbox', { name: 'What needs to be done?' }).count()).to.equal(1);
      await go('/checkout');
      expect(await page.getByRole('combobox', { name: 'Country' }).count()).to.equal(1);
      expect(await page.getByRole('checkbox', { name: 'I accept the terms' }).count()).to.equal(1);
    });

    describe('the Smoke plan of the demo project, step by step', () => {
      // The demo plan's test cases done by hand, carrying state between them as Resume From does.
      const states = new Map<string, BrowserState>();
      async function resume(from: string): Promise<void> {
        await context.close();
        context = await newContext(browser, null, states.get(from));
        page = await context.newPage();
      }
      const keep = async (name: string) => states.set(name, await captureState(context));

      it('Sign in', async () => {
        await go('/login');
        await signIn();
        await visible('Welcome, Ada');
        await keep('Sign in');
      });

      it('Add mug to cart (resumes from Sign in)', async () => {
        await resume('Sign in');
        await go('/');
        await page.getByRole('link', { name: 'Products' }).click();
        await row('Blue mug').getByRole('button', { name: 'Add to cart' }).click();
        await visible('Cart (1)');
        await visible('Blue mug added to the cart');
        await keep('Add mug to cart');
      });

      it('Checkout (resumes from Add mug to cart)', async () => {
        await resume('Add mug to cart');
        await go('/cart');
        await page.getByRole('button', { name: 'Checkout' }).click();
        await page.waitForURL(/\/checkout$/);
        await page.getByLabel('Name').fill('Ada Lovelace');
        await page.getByLabel('Country').selectOption('Sweden');
        await page.getByLabel('I accept the terms').check();
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL(/\/orders\/\d+$/);
        expect(await page.title()).to.equal('Order confirmed');
        await visible('Thank you for your order');
      });

      it('Add todos', async () => {
        await go('/todo');
        for (const title of ['Buy milk', 'Walk the dog']) {
          await page.getByPlaceholder('What needs to be done?').fill(title);
          await page.keyboard.press('Enter');
        }
        await visible('Saved');
        expect(await page.getByRole('listitem').count()).to.equal(2);
        await visible('2 items left');
        await keep('Add todos');
      });

      it('Complete a todo (resumes from Add todos: sessionStorage carries over)', async () => {
        await resume('Add todos');
        await go('/todo');
        await page.getByRole('listitem').filter({ hasText: 'Buy milk' }).getByRole('checkbox').check();
        await visible('1 item left');
        expect(await page.getByRole('listitem').count()).to.equal(2);
      });

      it('Free shipping is advertised (fails on purpose)', async () => {
        await go('/');
        expect(await page.getByText('Free shipping').count()).to.equal(0);
      });
    });
  });

  describe('the demo project', () => {
    const text = fs.readFileSync(DEMO_YAML, 'utf8');

    it('parses, pointing at 127.0.0.1:8090 unless GOALIE_DEMO_URL says otherwise', () => {
      const { doc } = loadProjectFile('demo-project.yaml', text, {});
      expect(doc.applications.map((a) => a.environments.map((e) => e.url))).to.deep.equal([['http://127.0.0.1:8090']]);
      const moved = loadProjectFile('demo-project.yaml', text, { GOALIE_DEMO_URL: site.url }).doc;
      expect(moved.applications[0]!.environments[0]!.url).to.equal(site.url);
    });

    it('refers only to applications, configs, config keys, test cases and presets it declares', () => {
      const { doc } = loadProjectFile('demo-project.yaml', text, {});
      const applications = new Set(doc.applications.map((a) => a.name));
      const configs = new Map(doc.configs.map((c) => [c.name, Object.keys(c.values)]));
      const testCases = new Set(doc.testCases.map((t) => t.name));
      for (const t of doc.testCases) {
        expect(applications, t.name).to.include(t.application);
        for (const c of t.configs) expect([...configs.keys()], t.name).to.include(c);
        for (const dependency of [t.resumeFrom, ...t.waitFor].filter(Boolean))
          expect(testCases, t.name).to.include(dependency);
        const keys = t.configs.flatMap((c) => configs.get(c) ?? []);
        for (const [, key] of t.goal.matchAll(/\{\{\s*config\.([\w.-]+)\s*\}\}/g))
          expect(keys, `${t.name}: {{config.${key}}}`).to.include(key);
        for (const [, name] of t.goal.matchAll(/config '([^']+)'/g)) expect(t.configs, t.name).to.include(name);
      }
      const [plan, ...others] = doc.testPlans;
      expect(others).to.deep.equal([]);
      expect(plan).to.include({ name: 'Smoke', default: true });
      for (const name of plan!.testCases) expect(testCases).to.include(name);
      for (const [application, parameters] of Object.entries(plan!.applications)) {
        const declared = doc.applications.find((a) => a.name === application);
        expect(declared?.environments.map((e) => e.name)).to.include(parameters.environment);
        expect(doc.devicePresets.map((p) => p.name)).to.include(parameters.devicePreset);
      }
    });

    it('shows configs, Resume From, Wait For and a failure that is off by default', () => {
      const { doc } = loadProjectFile('demo-project.yaml', text, {});
      const byName = new Map(doc.testCases.map((t) => [t.name, t]));
      expect(doc.configs).to.deep.equal([
        { name: 'demo user', values: { email: 'ada@example.com', password: { secret: 'lovelace' } } },
      ]);
      expect(byName.get('Add mug to cart')!.resumeFrom).to.equal('Sign in');
      expect(byName.get('Checkout')!.resumeFrom).to.equal('Add mug to cart');
      expect(byName.get('Complete a todo')!.resumeFrom).to.equal('Add todos');
      expect(byName.get('Contact form')!.waitFor).to.deep.equal(['Home page']);
      expect(doc.testCases.filter((t) => !t.enabled).map((t) => [t.name, t.expectedResult])).to.deep.equal([
        ['Free shipping is advertised (fails on purpose)', "'Free shipping' is shown"],
      ]);
      expect(doc.testPlans[0]!.testCases).to.have.members(doc.testCases.map((t) => t.name));
    });
  });
});
