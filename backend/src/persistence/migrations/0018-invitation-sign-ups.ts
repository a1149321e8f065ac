import type { MigrationInterface, QueryRunner } from 'typeorm';

// Signing up through an invitation when the server can send mail: the address asked for gets a
// link (stored as a hash) that makes the account, so the invitation page answers the same whether
// or not the address has an account already (docs/security.md).
export class InvitationSignUps1796600000000 implements MigrationInterface {
  name = 'InvitationSignUps1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invitation_sign_ups (
        token_hash text PRIMARY KEY,
        invitation_id uuid NOT NULL REFERENCES invitations(id) ON DELETE CASCADE,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL
      );
      CREATE INDEX invitation_sign_ups_invitation ON invitation_sign_ups (invitation_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS invitation_sign_ups`);
  }
}
