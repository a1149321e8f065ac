// The ReviewStore over TypeORM. Connection credentials are sealed at rest and opened here.
import { In, MoreThanOrEqual, Not, type EntityManager } from 'typeorm';
import type { ConnectionRecord, ReviewRecord, ReviewStore } from '../app/ports/review-store.js';
import { openCredentials } from './connection-credentials.js';
import {
  HostDeploymentEntity,
  RepositoryConnectionEntity,
  ReviewEntity,
  WebhookDeliveryEntity,
} from './entities/index.js';
import { readChecks, readExploration } from './review-json.js';
import type { SecretBox } from './secret-box.js';
import { storable } from './storable.js';

function toConnection(e: RepositoryConnectionEntity, secrets: SecretBox): ConnectionRecord {
  return {
    id: e.id,
    shortId: e.shortId,
    projectId: e.projectId,
    host: e.host,
    apiUrl: e.apiUrl,
    repository: e.repository,
    credentials: openCredentials(e, secrets),
    webhookSecret: secrets.open(e.webhookSecret),
    webhookId: e.webhookId,
    webhookError: e.webhookError,
    reviewContext: e.reviewContext,
    autoRun: e.autoRun,
    includeDrafts: e.includeDrafts,
    postCommentOnOpened: e.postCommentOnOpened,
    mention: e.mention,
    minimumPermission: e.minimumPermission,
    allowForks: e.allowForks,
    reviewTestPlanId: e.reviewTestPlanId,
    environmentMapping: e.environmentMapping,
  };
}

const toReview = (e: ReviewEntity): ReviewRecord => ({
  ...e,
  exploration: readExploration(e.exploration),
  checks: readChecks(e.checks),
});

export function reviewStore(m: EntityManager, secrets: SecretBox): ReviewStore {
  const connection = async (where: { id: string } | { shortId: string } | { projectId: string }) => {
    const row = await m.findOne(RepositoryConnectionEntity, { where });
    return row ? toConnection(row, secrets) : null;
  };
  return {
    connectionByShortId: (shortId) => connection({ shortId }),
    connectionById: (id) => connection({ id }),
    connectionOfProject: (projectId) => connection({ projectId }),
    async setWebhook(connectionId, webhookId, error) {
      await m.update(RepositoryConnectionEntity, { id: connectionId }, { webhookId, webhookError: error });
    },
    async updateReviewSettings(connectionId, settings) {
      await m.update(RepositoryConnectionEntity, { id: connectionId }, { ...settings, updatedAt: new Date() });
    },
    async lockChangeRequest(connectionId, changeRequestNumber) {
      // Two keys: the connection (hashed to 32 bits) and the number; released at commit or rollback.
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [connectionId, changeRequestNumber]);
    },
    async recordDelivery(connectionId, deliveryId) {
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(WebhookDeliveryEntity)
        .values({ connectionId, deliveryId })
        .orIgnore()
        .returning(['delivery_id'])
        .execute();
      return (result.raw as unknown[]).length > 0;
    },
    async addDeployment(connectionId, d) {
      await m.insert(HostDeploymentEntity, { connectionId, sha: d.sha, environment: d.environment, url: d.url });
    },
    async deploymentsFor(connectionId, sha) {
      const rows = await m.find(HostDeploymentEntity, { where: { connectionId, sha }, order: { createdAt: 'ASC' } });
      return rows.map((r) => ({ sha: r.sha, environment: r.environment, url: r.url }));
    },
    async create(review) {
      await m.insert(ReviewEntity, storable(review));
    },
    async byId(id) {
      const row = await m.findOne(ReviewEntity, { where: { id } });
      return row ? toReview(row) : null;
    },
    async byShortId(shortId) {
      const row = await m.findOne(ReviewEntity, { where: { shortId } });
      return row ? toReview(row) : null;
    },
    async byRun(runId) {
      const row = await m.findOne(ReviewEntity, { where: { runId } });
      return row ? toReview(row) : null;
    },
    async active(connectionId, changeRequestNumber) {
      const rows = await m.find(ReviewEntity, {
        where: { connectionId, changeRequestNumber, status: In(['WAITING', 'QUEUED', 'RUNNING']) },
        order: { createdAt: 'DESC' },
      });
      return rows.map(toReview);
    },
    async activeOnBranch(connectionId, branch) {
      const rows = await m.find(ReviewEntity, {
        where: { connectionId, branch, status: In(['WAITING', 'QUEUED', 'RUNNING']) },
        order: { createdAt: 'DESC' },
      });
      return rows.map(toReview);
    },
    async autoReviewedSince(connectionId, changeRequestNumber, headSha, since) {
      const where = {
        connectionId,
        changeRequestNumber,
        headSha,
        event: In(['opened', 'updated']),
        status: Not(In(['SUPERSEDED', 'ERROR'])),
        createdAt: MoreThanOrEqual(since),
      };
      return (await m.count(ReviewEntity, { where: where as never })) > 0;
    },
    async waitingFor(connectionId, sha) {
      return (await m.find(ReviewEntity, { where: { connectionId, headSha: sha, status: 'WAITING' } })).map(toReview);
    },
    async latestTwo(connectionId, changeRequestNumber) {
      // Requests still being authorized, or refused, never started: the comment shows the reviews that did.
      const where = { connectionId, changeRequestNumber, status: Not(In(['AUTHORIZING', 'REFUSED'])) };
      return (await m.find(ReviewEntity, { where, order: { createdAt: 'DESC' }, take: 2 })).map(toReview);
    },
    async lock(id) {
      const [row] = await m.query(`SELECT id FROM reviews WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) return null;
      return toReview(await m.findOneOrFail(ReviewEntity, { where: { id } }));
    },
    async update(id, patch) {
      await m.update(ReviewEntity, { id }, storable(patch) as never);
    },
    async claimNote(key, writer, until, now) {
      const where = `connection_id = $1 AND change_request_number = $2 AND note = $3`;
      const keyValues = [key.connectionId, key.changeRequestNumber, key.note];
      await m.query(
        `INSERT INTO change_request_notes (connection_id, change_request_number, note) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        keyValues,
      );
      const [row] = await m.query<
        {
          writer: string | null;
          claimed_until: Date | null;
          body_hash: string | null;
        }[]
      >(`SELECT writer, claimed_until, body_hash FROM change_request_notes WHERE ${where} FOR UPDATE`, keyValues);
      if (row!.writer && row!.claimed_until && row!.claimed_until > now) {
        await m.query(`UPDATE change_request_notes SET stale = true WHERE ${where}`, keyValues);
        return { claimed: false, claimedUntil: row!.claimed_until };
      }
      await m.query(
        `UPDATE change_request_notes SET writer = $4, claimed_until = $5, stale = false, updated_at = $6 WHERE ${where}`,
        [...keyValues, writer, until, now],
      );
      return { claimed: true, bodyHash: row!.body_hash };
    },
    async releaseNote(key, writer, outcome, now) {
      const keyValues = [key.connectionId, key.changeRequestNumber, key.note];
      const [row] = await m.query<{ writer: string | null; stale: boolean }[]>(
        `SELECT writer, stale FROM change_request_notes WHERE connection_id = $1 AND change_request_number = $2 AND note = $3 FOR UPDATE`,
        keyValues,
      );
      // A writer whose claim ran out and was taken over stores nothing: the one who took it writes.
      if (row?.writer !== writer) return { stale: false };
      await m.query(
        `UPDATE change_request_notes SET writer = NULL, claimed_until = NULL, stale = $4, updated_at = $5,
           comment_id = COALESCE($6, comment_id), body_hash = COALESCE($7, body_hash)
         WHERE connection_id = $1 AND change_request_number = $2 AND note = $3`,
        [
          ...keyValues,
          outcome.stale || (outcome.keepStale === true && row.stale),
          now,
          outcome.written?.commentId ?? null,
          outcome.written?.bodyHash ?? null,
        ],
      );
      return { stale: row.stale };
    },
    async takeStaleComments(now, limit) {
      const result = await m.query(
        `UPDATE change_request_notes SET stale = false, writer = NULL, claimed_until = NULL, updated_at = $1
          WHERE (connection_id, change_request_number, note) IN (
            SELECT connection_id, change_request_number, note FROM change_request_notes
             WHERE note = 'review' AND stale AND (writer IS NULL OR claimed_until <= $1)
             ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING connection_id, change_request_number`,
        [now, limit],
      );
      const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as {
        connection_id: string;
        change_request_number: number;
      }[];
      return rows.map((r) => ({
        connectionId: r.connection_id,
        changeRequestNumber: r.change_request_number,
        note: 'review' as const,
      }));
    },
  };
}
