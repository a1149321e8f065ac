// The AccountsStore in plain SQL: small tables, and statements whose conditions matter (a reset link
// used once, an invitation accepted once) are single statements.
import type { EntityManager } from 'typeorm';
import type {
  AccountsStore,
  IdentityRecord,
  InvitationRecord,
  MembershipRecord,
  UserRecord,
} from '../app/ports/accounts.js';
import { UniqueViolation } from '../app/ports/store.js';
import type { Role } from '../domain/access.js';

interface UserRow {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
  password_hash: string | null;
  created_at: Date;
}

const USER_COLUMNS = 'u.id, u.email, u.name, u.is_admin, u.password_hash, u.created_at';

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  email: r.email,
  name: r.name,
  isAdmin: r.is_admin,
  hasPassword: r.password_hash !== null,
  createdAt: r.created_at,
});

const toIdentity = (r: {
  provider: IdentityRecord['provider'];
  provider_url: string;
  provider_user_id: string;
  username: string | null;
  user_id: string;
}): IdentityRecord => ({
  provider: r.provider,
  providerUrl: r.provider_url,
  providerUserId: r.provider_user_id,
  username: r.username,
  userId: r.user_id,
});

interface MembershipRow {
  organization_id: string;
  organization_name: string;
  user_id: string;
  email: string;
  name: string;
  role: Role;
  created_at: Date;
}
const toMembership = (r: MembershipRow): MembershipRecord => ({
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  userId: r.user_id,
  email: r.email,
  name: r.name,
  role: r.role,
  createdAt: r.created_at,
});

interface InvitationRow {
  id: string;
  organization_id: string;
  organization_name: string;
  role: Role;
  email: string | null;
  created_by_name: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}
const toInvitation = (r: InvitationRow): InvitationRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  role: r.role,
  email: r.email,
  createdByName: r.created_by_name,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  revokedAt: r.revoked_at,
});
const INVITATION_SELECT = `SELECT i.id, i.organization_id, o.name AS organization_name, i.role, i.email, NULLIF(COALESCE(NULLIF(c.name, ''), c.email), '') AS created_by_name,
  i.created_at, i.expires_at, i.accepted_at, i.revoked_at
  FROM invitations i JOIN organizations o ON o.id = i.organization_id LEFT JOIN users c ON c.id = i.created_by`;

/** Rows of an UPDATE/DELETE ... RETURNING (TypeORM answers [rows, count] for those). */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

function uniqueViolation(error: unknown): UniqueViolation | null {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.code ?? e.driverError?.code;
  return code === '23505' ? new UniqueViolation(e.constraint ?? e.driverError?.constraint ?? 'unique') : null;
}

export function accountsStore(m: EntityManager): AccountsStore {
  return {
    async userCount() {
      const [row] = await m.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users`);
      return row!.n;
    },
    async createUser(user) {
      try {
        const [row] = await m.query<UserRow[]>(
          `INSERT INTO users (email, name, password_hash, is_admin) VALUES ($1, $2, $3, $4) RETURNING id, email, name, is_admin, password_hash, created_at`,
          [user.email.toLowerCase(), user.name, user.passwordHash, user.isAdmin],
        );
        return toUser(row!);
      } catch (error) {
        throw uniqueViolation(error) ?? error;
      }
    },
    async userById(id) {
      const [row] = await m.query<UserRow[]>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
      return row ? toUser(row) : null;
    },
    async userByEmail(email) {
      const [row] = await m.query<UserRow[]>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [
        email.toLowerCase(),
      ]);
      return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
    },
    async listUsers() {
      return (await m.query<UserRow[]>(`SELECT ${USER_COLUMNS} FROM users u ORDER BY u.email`)).map(toUser);
    },
    async setPassword(userId, passwordHash, at) {
      await m.query(`UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, [userId, passwordHash, at]);
    },

    async identity(provider, providerUrl, providerUserId) {
      const [row] = await m.query(
        `SELECT * FROM user_identities WHERE provider = $1 AND provider_url = $2 AND provider_user_id = $3`,
        [provider, providerUrl, providerUserId],
      );
      return row ? toIdentity(row) : null;
    },
    async identitiesOf(userId) {
      return (
        await m.query<Parameters<typeof toIdentity>[0][]>(
          `SELECT * FROM user_identities WHERE user_id = $1 ORDER BY provider, provider_url`,
          [userId],
        )
      ).map(toIdentity);
    },
    async linkIdentity(identity) {
      try {
        await m.query(
          `INSERT INTO user_identities (provider, provider_url, provider_user_id, user_id, username) VALUES ($1, $2, $3, $4, $5)`,
          [identity.provider, identity.providerUrl, identity.providerUserId, identity.userId, identity.username],
        );
      } catch (error) {
        throw uniqueViolation(error) ?? error;
      }
    },
    async unlinkIdentity(identity) {
      const rows = returned(
        await m.query(
          `DELETE FROM user_identities WHERE provider = $1 AND provider_url = $2 AND provider_user_id = $3 AND user_id = $4 RETURNING user_id`,
          [identity.provider, identity.providerUrl, identity.providerUserId, identity.userId],
        ),
      );
      return rows.length > 0;
    },
    async lockUser(userId) {
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    },

    async createSession(session) {
      await m.query(
        `INSERT INTO sessions (token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5)`,
        [session.tokenHash, session.userId, session.csrfToken, session.at, session.expiresAt],
      );
    },
    async session(tokenHash, now) {
      const [row] = await m.query<
        (UserRow & { token_hash: string; csrf_token: string; last_seen_at: Date; expires_at: Date })[]
      >(
        `SELECT s.token_hash, s.csrf_token, s.last_seen_at, s.expires_at, ${USER_COLUMNS}
           FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > $2`,
        [tokenHash, now],
      );
      if (!row) return null;
      return {
        tokenHash: row.token_hash,
        csrfToken: row.csrf_token,
        lastSeenAt: row.last_seen_at,
        expiresAt: row.expires_at,
        user: toUser(row),
      };
    },
    async extendSession(tokenHash, lastSeenAt, expiresAt) {
      await m.query(`UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE token_hash = $1`, [
        tokenHash,
        lastSeenAt,
        expiresAt,
      ]);
    },
    async deleteSession(tokenHash) {
      await m.query(`DELETE FROM sessions WHERE token_hash = $1`, [tokenHash]);
    },
    async deleteSessionsOf(userId) {
      await m.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
    },

    async membershipsOf(userId) {
      return (
        await m.query<MembershipRow[]>(
          `SELECT mb.organization_id, o.name AS organization_name, mb.user_id, u.email, u.name, mb.role, mb.created_at
           FROM memberships mb JOIN organizations o ON o.id = mb.organization_id JOIN users u ON u.id = mb.user_id
          WHERE mb.user_id = $1 ORDER BY o.name`,
          [userId],
        )
      ).map(toMembership);
    },
    async membersOf(organizationId) {
      return (
        await m.query<MembershipRow[]>(
          `SELECT mb.organization_id, o.name AS organization_name, mb.user_id, u.email, u.name, mb.role, mb.created_at
           FROM memberships mb JOIN organizations o ON o.id = mb.organization_id JOIN users u ON u.id = mb.user_id
          WHERE mb.organization_id = $1
          ORDER BY array_position(ARRAY['owner', 'admin', 'member', 'viewer'], mb.role), u.email`,
          [organizationId],
        )
      ).map(toMembership);
    },
    async roleIn(organizationId, userId) {
      const [row] = await m.query<{ role: Role }[]>(
        `SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2`,
        [organizationId, userId],
      );
      return row?.role ?? null;
    },
    async setMembership(organizationId, userId, role) {
      await m.query(
        `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [organizationId, userId, role],
      );
    },
    async removeMembership(organizationId, userId) {
      return (
        returned(
          await m.query(`DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2 RETURNING user_id`, [
            organizationId,
            userId,
          ]),
        ).length > 0
      );
    },
    async lockMemberships(organizationId) {
      await m.query(`SELECT id FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    },

    async createInvitation(invitation) {
      const [row] = await m.query<{ id: string }[]>(
        `INSERT INTO invitations (organization_id, role, token_hash, email, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          invitation.organizationId,
          invitation.role,
          invitation.tokenHash,
          invitation.email,
          invitation.createdBy,
          invitation.expiresAt,
        ],
      );
      const [created] = await m.query<InvitationRow[]>(`${INVITATION_SELECT} WHERE i.id = $1`, [row!.id]);
      return toInvitation(created!);
    },
    async invitationByToken(tokenHash) {
      const [row] = await m.query<InvitationRow[]>(`${INVITATION_SELECT} WHERE i.token_hash = $1`, [tokenHash]);
      return row ? toInvitation(row) : null;
    },
    async openInvitationsOf(organizationId, now) {
      return (
        await m.query<InvitationRow[]>(
          `${INVITATION_SELECT} WHERE i.organization_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2 ORDER BY i.created_at DESC`,
          [organizationId, now],
        )
      ).map(toInvitation);
    },
    async acceptInvitation(id, userId, at) {
      const rows = returned(
        await m.query(
          `UPDATE invitations SET accepted_at = $3, accepted_by = $2 WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
          [id, userId, at],
        ),
      );
      return rows.length > 0;
    },
    async revokeInvitation(organizationId, id, at) {
      const rows = returned(
        await m.query(
          `UPDATE invitations SET revoked_at = $3 WHERE id = $2 AND organization_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
          [organizationId, id, at],
        ),
      );
      return rows.length > 0;
    },

    async createInvitationSignUp(signUp) {
      await m.query(
        `INSERT INTO invitation_sign_ups (token_hash, invitation_id, email, expires_at) VALUES ($1, $2, $3, $4)`,
        [signUp.tokenHash, signUp.invitationId, signUp.email, signUp.expiresAt],
      );
    },
    async invitationSignUp(tokenHash, now) {
      const [row] = await m.query<(InvitationRow & { sign_up_email: string })[]>(
        `SELECT s.email AS sign_up_email, inv.* FROM invitation_sign_ups s JOIN (${INVITATION_SELECT}) inv ON inv.id = s.invitation_id
          WHERE s.token_hash = $1 AND s.used_at IS NULL AND s.expires_at > $2`,
        [tokenHash, now],
      );
      return row ? { email: row.sign_up_email, invitation: toInvitation(row) } : null;
    },
    async useInvitationSignUp(tokenHash, at) {
      const rows = returned(
        await m.query(
          `UPDATE invitation_sign_ups SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING token_hash`,
          [tokenHash, at],
        ),
      );
      return rows.length > 0;
    },

    async createPasswordReset(reset) {
      await m.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [
        reset.tokenHash,
        reset.userId,
        reset.expiresAt,
      ]);
    },
    async usePasswordReset(tokenHash, at) {
      const [row] = returned<{ user_id: string }>(
        await m.query(
          `UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
          [tokenHash, at],
        ),
      );
      return row?.user_id ?? null;
    },

    async recordSignInFailure(keys, at) {
      for (const key of keys) await m.query(`INSERT INTO sign_in_failures (key, at) VALUES ($1, $2)`, [key, at]);
      // Old failures no longer count: they are forgotten as new ones come.
      await m.query(`DELETE FROM sign_in_failures WHERE at < $1`, [new Date(at.getTime() - 24 * 3600_000)]);
    },
    async signInFailures(key, since) {
      const [row] = await m.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM sign_in_failures WHERE key = $1 AND at > $2`,
        [key, since],
      );
      return row!.n;
    },
    async clearSignInFailures(keys) {
      await m.query(`DELETE FROM sign_in_failures WHERE key = ANY($1)`, [keys]);
    },
  };
}
