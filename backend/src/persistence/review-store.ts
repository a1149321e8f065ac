// The ReviewStore over TypeORM. Connection credentials are sealed at rest and opened here.
import { In, MoreThanOrEqual, Not, type EntityManager } from 'typeorm';
import type { ConnectionRecord, ReviewRecord, ReviewStore } from '../app/ports/review-store.js';
import { openCredentials } from './connection-credentials.js';
import { HostDeploymentEntity, RepositoryConnectionEntity, ReviewEntity, WebhookDeliveryEntity } from './entities/index.js';
import type { SecretBox } from './secret-box.js';

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

const toReview = (e: ReviewEntity): ReviewRecord => ({ ...e });

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
      await m.insert(ReviewEntity, review);
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
      const rows = await m.find(ReviewEntity, { where: { connectionId, branch, status: In(['WAITING', 'QUEUED', 'RUNNING']) }, order: { createdAt: 'DESC' } });
      return rows.map(toReview);
    },
    async autoReviewedSince(connectionId, changeRequestNumber, headSha, since) {
      const where = { connectionId, changeRequestNumber, headSha, event: In(['opened', 'updated']), status: Not(In(['SUPERSEDED', 'ERROR'])), createdAt: MoreThanOrEqual(since) };
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
    async recordRefusalReply(connectionId, changeRequestNumber, kind) {
      const rows = (await m.query(
        `INSERT INTO review_refusal_replies (connection_id, change_request_number, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING kind`,
        [connectionId, changeRequestNumber, kind],
      )) as unknown[];
      return rows.length > 0;
    },
    async lockChangeRequest(connectionId, changeRequestNumber) {
      // A transaction-scoped advisory lock in a key space of its own (the two-key form).
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('goalie:review-comment'), hashtext($1))`, [`${connectionId}:${changeRequestNumber}`]);
    },
    async lock(id) {
      const [row] = await m.query(`SELECT id FROM reviews WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) return null;
      return toReview(await m.findOneOrFail(ReviewEntity, { where: { id } }));
    },
    async update(id, patch) {
      await m.update(ReviewEntity, { id }, patch as never);
    },
    async lastCommentId(connectionId, changeRequestNumber) {
      const [row] = await m.query(
        `SELECT comment_id FROM reviews WHERE connection_id = $1 AND change_request_number = $2 AND comment_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
        [connectionId, changeRequestNumber],
      );
      return row?.comment_id ?? null;
    },
  };
}
