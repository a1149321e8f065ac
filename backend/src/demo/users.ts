// The accounts of the demo shop: one, the one the demo project's "demo user" config holds.

export interface DemoUser {
  email: string;
  password: string;
  firstName: string;
  fullName: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'ada@example.com', password: 'lovelace', firstName: 'Ada', fullName: 'Ada Lovelace' },
];

export function findUser(email: string): DemoUser | null {
  const wanted = email.trim().toLowerCase();
  return DEMO_USERS.find((u) => u.email === wanted) ?? null;
}

/** The user with this email and password, or null (emails ignore case and surrounding spaces). */
export function authenticate(email: string, password: string): DemoUser | null {
  const user = findUser(email);
  return user && user.password === password ? user : null;
}
