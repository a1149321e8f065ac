// Signed-in visitors of the dashboard for tests: a user with a role in an organization and their
// session cookie, made through the same use cases as the pages (no shortcut around the rules).
import { createHash } from 'node:crypto';
import { startSession } from '../../backend/src/app/accounts/sessions.js';
import { createUser } from '../../backend/src/app/accounts/users.js';
import type { UserRecord } from '../../backend/src/app/ports/accounts.js';
import type { Role } from '../../backend/src/domain/access.js';
import type { TestService } from './service.js';

/** A form's fields; a list is a field sent once per value (checkboxes). */
export type Form = Record<string, string | string[]>;

export interface Visitor {
  user: UserRecord;
  /** The Cookie header of the signed-in browser. */
  cookie: string;
  /** The session's CSRF token, which the dashboard's forms carry. */
  csrf: string;
  /** GET or POST (a form) as this visitor, following no redirects. */
  fetch(path: string, init?: { method?: string; form?: Form; headers?: Record<string, string> }): Promise<Response>;
}

let counter = 0;

/** A user (member of `organizationId` as `role`, or a server administrator) signed in. */
export async function visitor(
  service: TestService,
  options: { organizationId?: string; role?: Role; admin?: boolean; email?: string; password?: string; name?: string },
): Promise<Visitor> {
  const app = service.runtime.app;
  const user = await createUser(app, {
    email: options.email ?? `person-${process.pid}-${++counter}@example.com`,
    name: options.name ?? `Person ${counter}`,
    password: options.password ?? 'correct horse battery',
    isAdmin: options.admin ?? false,
  });
  if (options.organizationId)
    await app.store.accounts.setMembership(options.organizationId, user.id, options.role ?? 'member');
  const token = await startSession(app, user.id);
  const cookie = `goalie_session=${token}`;
  const session = (await app.store.accounts.session(createHash('sha256').update(token).digest('hex'), new Date()))!;
  return {
    user,
    cookie,
    csrf: session.csrfToken,
    fetch: (path, init = {}) => pageFetch(service, path, { ...init, cookie, csrf: session.csrfToken }),
  };
}

/** A browser-like request: Accept prefers HTML, same-origin, redirects not followed. */
export function pageFetch(
  service: TestService,
  path: string,
  init: {
    method?: string;
    form?: Form;
    headers?: Record<string, string>;
    cookie?: string;
    csrf?: string;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'text/html,application/xhtml+xml',
    'sec-fetch-site': 'same-origin',
    ...(init.cookie ? { cookie: init.cookie } : {}),
    ...init.headers,
  };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const fields = Object.entries({ ...(init.csrf ? { token: init.csrf } : {}), ...init.form });
    body = new URLSearchParams(
      fields.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v])),
    ).toString();
  }
  return fetch(service.baseUrl + path, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
}

/** The form token a page put in its forms ('' when it has none). */
export const formTokenIn = (html: string): string => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The cookies a response set, as a Cookie header. */
export const cookiesOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const administrators = new WeakMap<TestService, Promise<Visitor>>();

/** GET a dashboard page (or evidence) as a server administrator of the service, signed in once per service. */
export async function adminFetch(
  service: TestService,
  path: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Response> {
  if (!administrators.has(service)) administrators.set(service, visitor(service, { admin: true }));
  const admin = await administrators.get(service)!;
  return admin.fetch(path.startsWith('http') ? new URL(path).pathname + new URL(path).search : path, init);
}

/** Signs a Playwright browser context in as the visitor (their session cookie). */
export async function signInContext(
  context: { addCookies(cookies: { name: string; value: string; url: string }[]): Promise<void> },
  service: TestService,
  who: Visitor,
): Promise<void> {
  const [name, value] = who.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: service.baseUrl }]);
}

/** An admin and a plain member of the organization: whom the settings tests let in and turn away. */
export async function adminAndMember(
  service: TestService,
  organizationId: string,
): Promise<{ admin: Visitor; member: Visitor }> {
  return {
    admin: await visitor(service, { organizationId, role: 'admin' }),
    member: await visitor(service, { organizationId, role: 'member' }),
  };
}
