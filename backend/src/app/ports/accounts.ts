// Storage of the dashboard's people: users, their GitHub/GitLab identities, sessions, memberships,
// invitations, password resets and failed sign-ins. Secrets (session cookies, invitation and reset
// links) are stored only as hashes.
import type { Role } from '../../domain/access.js';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** A server administrator: an owner of every organization, may issue password resets. */
  isAdmin: boolean;
  hasPassword: boolean;
  createdAt: Date;
}

export interface SessionRecord {
  tokenHash: string;
  user: UserRecord;
  /** Every form of the signed-in dashboard carries it. */
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

export type IdentityProvider = 'github' | 'gitlab';

export interface IdentityRecord {
  provider: IdentityProvider;
  /** The provider's web address (https://github.com, https://gitlab.example.com). */
  providerUrl: string;
  providerUserId: string;
  username: string | null;
  userId: string;
}

export interface MembershipRecord {
  organizationId: string;
  organizationName: string;
  userId: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
}

export interface InvitationRecord {
  id: string;
  organizationId: string;
  organizationName: string;
  role: Role;
  email: string | null;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export interface AccountsStore {
  userCount(): Promise<number>;
  /** Throws UniqueViolation('users_email') when the address is taken. */
  createUser(user: { email: string; name: string; passwordHash: string | null; isAdmin: boolean }): Promise<UserRecord>;
  userById(id: string): Promise<UserRecord | null>;
  /** With the password hash, for signing in. `email` is compared lower-cased. */
  userByEmail(email: string): Promise<(UserRecord & { passwordHash: string | null }) | null>;
  listUsers(): Promise<UserRecord[]>;
  setPassword(userId: string, passwordHash: string, at: Date): Promise<void>;

  identity(provider: IdentityProvider, providerUrl: string, providerUserId: string): Promise<IdentityRecord | null>;
  identitiesOf(userId: string): Promise<IdentityRecord[]>;
  /** Throws UniqueViolation when the identity is linked to someone already. */
  linkIdentity(identity: IdentityRecord): Promise<void>;
  /** False when the user has no such identity. */
  unlinkIdentity(identity: Omit<IdentityRecord, 'username'>): Promise<boolean>;
  /** Locks the user's row until the transaction ends (their last way to sign in stays). */
  lockUser(userId: string): Promise<void>;

  createSession(session: {
    tokenHash: string;
    userId: string;
    csrfToken: string;
    expiresAt: Date;
    at: Date;
  }): Promise<void>;
  /** A session that has not expired at `now`. */
  session(tokenHash: string, now: Date): Promise<SessionRecord | null>;
  extendSession(tokenHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of a user (a password reset signs out everywhere). */
  deleteSessionsOf(userId: string): Promise<void>;

  membershipsOf(userId: string): Promise<MembershipRecord[]>;
  membersOf(organizationId: string): Promise<MembershipRecord[]>;
  roleIn(organizationId: string, userId: string): Promise<Role | null>;
  /** Adds the member, or changes their role. */
  setMembership(organizationId: string, userId: string, role: Role): Promise<void>;
  removeMembership(organizationId: string, userId: string): Promise<boolean>;
  /** Locks the organization's memberships until the transaction ends (the last owner stays). */
  lockMemberships(organizationId: string): Promise<void>;

  createInvitation(invitation: {
    organizationId: string;
    role: Role;
    tokenHash: string;
    email: string | null;
    createdBy: string | null;
    expiresAt: Date;
  }): Promise<InvitationRecord>;
  invitationByToken(tokenHash: string): Promise<InvitationRecord | null>;
  /** Invitations that may still be used at `now` (not accepted, withdrawn or expired), newest first. */
  openInvitationsOf(organizationId: string, now: Date): Promise<InvitationRecord[]>;
  /** Marks an open invitation accepted; false when it was accepted, revoked or expired meanwhile. */
  acceptInvitation(id: string, userId: string, at: Date): Promise<boolean>;
  revokeInvitation(organizationId: string, id: string, at: Date): Promise<boolean>;
  /** A link that makes the account of `email` through the invitation (sent by mail). */
  createInvitationSignUp(signUp: {
    tokenHash: string;
    invitationId: string;
    email: string;
    expiresAt: Date;
  }): Promise<void>;
  /** The address and invitation of a sign-up link not used nor expired at `now` (the invitation may be closed). */
  invitationSignUp(tokenHash: string, now: Date): Promise<{ email: string; invitation: InvitationRecord } | null>;
  /** Uses a sign-up link once: false when it is unknown, used or expired. */
  useInvitationSignUp(tokenHash: string, at: Date): Promise<boolean>;

  createPasswordReset(reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void>;
  /** Uses a reset link once: the user's id, or null when it is unknown, used or expired. */
  usePasswordReset(tokenHash: string, at: Date): Promise<string | null>;

  recordSignInFailure(keys: string[], at: Date): Promise<void>;
  signInFailures(key: string, since: Date): Promise<number>;
  clearSignInFailures(keys: string[]): Promise<void>;
}
