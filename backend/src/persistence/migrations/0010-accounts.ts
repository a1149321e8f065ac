import type { MigrationInterface, QueryRunner } from 'typeorm';

// The dashboard's people (issue 14): users (a password hashed with scrypt, and/or GitHub and GitLab
// identities), their sessions (only a hash of the cookie is kept), their roles in organizations,
// invitations by link and password resets (hashes of the links' tokens), failed sign-ins for rate
// limiting, a project's `publicResults`, a secret badge token per test plan, and an index for a
// plan's runs by date.
export class Accounts1795800000000 implements MigrationInterface {
  name = 'Accounts1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        name text NOT NULL DEFAULT '',
        password_hash text NULL,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email ON users (email);

      CREATE TABLE user_identities (
        provider text NOT NULL CHECK (provider IN ('github', 'gitlab')),
        provider_url text NOT NULL,
        provider_user_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        username text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, provider_url, provider_user_id)
      );
      CREATE INDEX user_identities_user ON user_identities (user_id);

      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_expires ON sessions (expires_at);

      CREATE TABLE memberships (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      );
      CREATE INDEX memberships_user ON memberships (user_id);

      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        token_hash text NOT NULL UNIQUE,
        email text NULL,
        created_by uuid NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz NULL,
        accepted_by uuid NULL REFERENCES users(id) ON DELETE SET NULL,
        revoked_at timestamptz NULL
      );
      CREATE INDEX invitations_organization ON invitations (organization_id);

      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      );

      CREATE TABLE sign_in_failures (
        key text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);

      -- The dashboard reads a plan's runs newest first (its latest run, its pass rate, its badge).
      CREATE INDEX runs_plan_created ON runs (test_plan_id, created_at DESC);

      ALTER TABLE projects ADD COLUMN public_results boolean NOT NULL DEFAULT false;
      ALTER TABLE test_plans ADD COLUMN badge_token text NULL;
      UPDATE test_plans SET badge_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
      ALTER TABLE test_plans ALTER COLUMN badge_token SET NOT NULL;
      ALTER TABLE test_plans ALTER COLUMN badge_token SET DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE test_plans DROP COLUMN IF EXISTS badge_token;
      DROP INDEX IF EXISTS runs_plan_created;
      ALTER TABLE projects DROP COLUMN IF EXISTS public_results;
      DROP TABLE IF EXISTS sign_in_failures, password_resets, invitations, memberships, sessions, user_identities, users;
    `);
  }
}
