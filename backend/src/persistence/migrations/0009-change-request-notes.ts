import type { MigrationInterface, QueryRunner } from 'typeorm';

// Goalie's notes on a change request (its review comment, the reply explaining a refusal), written to
// the host outside any database transaction (issue 13): a row per note holds who is writing it now
// (a claim that runs out, so a crashed writer does not block the note), whether a newer state came
// while it wrote, and what was written last. It replaces review_refusal_replies: a refusal's reply
// counts as posted once the host has it, not when it was decided, so a failed post is retried.
export class ChangeRequestNotes1795700000000 implements MigrationInterface {
  name = 'ChangeRequestNotes1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE change_request_notes (
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        change_request_number integer NOT NULL,
        note text NOT NULL CHECK (note IN ('review', 'refusal:mention', 'refusal:fork')),
        comment_id text NULL,
        body_hash text NULL,
        writer text NULL,
        claimed_until timestamptz NULL,
        stale boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, change_request_number, note)
      );
      CREATE INDEX change_request_notes_stale ON change_request_notes (updated_at) WHERE stale;
      INSERT INTO change_request_notes (connection_id, change_request_number, note, body_hash, updated_at)
        SELECT connection_id, change_request_number, 'refusal:' || kind, 'posted before migration 0009', created_at
        FROM review_refusal_replies;
      DROP TABLE review_refusal_replies;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE review_refusal_replies (
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        change_request_number integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('mention', 'fork')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, change_request_number, kind)
      );
      INSERT INTO review_refusal_replies (connection_id, change_request_number, kind, created_at)
        SELECT connection_id, change_request_number, substr(note, 9), updated_at
        FROM change_request_notes WHERE note LIKE 'refusal:%' AND body_hash IS NOT NULL;
      DROP TABLE change_request_notes;
    `);
  }
}
