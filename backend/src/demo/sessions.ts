// Signed-in sessions, in memory: they live as long as the demo site's process.
import { randomBytes } from 'node:crypto';

export interface Session {
  token: string;
  email: string;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  create(email: string): Session {
    const session = { token: randomBytes(24).toString('base64url'), email };
    this.sessions.set(session.token, session);
    return session;
  }

  get(token: string | undefined): Session | null {
    return (token && this.sessions.get(token)) || null;
  }

  delete(token: string): void {
    this.sessions.delete(token);
  }
}
