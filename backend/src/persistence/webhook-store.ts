// Outbound webhook endpoints and deliveries (migration 0017). Secrets are sealed with the secret box.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { WebhookEvent } from '../../../shared/src/project-file/schema.js';
import type { DeliveryToSend, WebhookEndpointView, WebhookStore } from '../app/ports/webhooks.js';
import type { SecretBox } from './secret-box.js';
import { storable } from './storable.js';

interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  attempts: number;
  delivered_at: Date | null;
  endpoint_id: string;
  name: string;
  project_id: string;
  url: string;
  secret_sealed: string;
  enabled: boolean;
}

export function webhookStore(m: EntityManager, secrets: SecretBox): WebhookStore {
  return {
    async replaceEndpoints(projectId, endpoints) {
      const names = endpoints.map((e) => e.name);
      await m.query(`DELETE FROM outbound_webhooks WHERE project_id = $1 AND NOT (name = ANY($2::text[]))`, [
        projectId,
        names,
      ]);
      for (const e of endpoints) {
        await m.query(
          `INSERT INTO outbound_webhooks (id, project_id, name, url, events, secret_sealed)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (project_id, name) DO UPDATE
             SET url = EXCLUDED.url, events = EXCLUDED.events, secret_sealed = EXCLUDED.secret_sealed,
                 enabled = true, disabled_reason = NULL, updated_at = now()`,
          [randomUUID(), projectId, e.name, e.url, e.events, secrets.seal(e.secret)],
        );
      }
    },

    async addEndpoint(projectId, e) {
      const rows = await m.query<{ id: string }[]>(
        `INSERT INTO outbound_webhooks (id, project_id, name, url, events, secret_sealed)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (project_id, name) DO NOTHING RETURNING id`,
        [randomUUID(), projectId, e.name, e.url, e.events, secrets.seal(e.secret)],
      );
      return rows.length > 0;
    },

    async removeEndpoint(projectId, endpointId) {
      // Its deliveries go with it (ON DELETE CASCADE).
      const [rows] = await m.query<[{ name: string }[], number]>(
        `DELETE FROM outbound_webhooks WHERE project_id = $1 AND id = $2 RETURNING name`,
        [projectId, endpointId],
      );
      return rows[0]?.name ?? null;
    },

    async enableEndpoint(projectId, endpointId) {
      const [rows] = await m.query<[{ name: string }[], number]>(
        `UPDATE outbound_webhooks SET enabled = true, disabled_reason = NULL, updated_at = now()
          WHERE project_id = $1 AND id = $2 RETURNING name`,
        [projectId, endpointId],
      );
      return rows[0]?.name ?? null;
    },

    async subscribers(projectId, event) {
      const rows = await m.query<{ slug: string; endpoint_id: string | null }[]>(
        `SELECT p.slug, w.id AS endpoint_id
           FROM projects p
           LEFT JOIN outbound_webhooks w ON w.project_id = p.id AND w.enabled AND $2 = ANY(w.events)
          WHERE p.id = $1
          ORDER BY w.name`,
        [projectId, event],
      );
      return {
        slug: rows[0]?.slug ?? '',
        endpointIds: rows.flatMap((r) => (r.endpoint_id ? [r.endpoint_id] : [])),
      };
    },

    async createDeliveries(deliveries, at) {
      for (const d of deliveries) {
        await m.query(
          `INSERT INTO outbound_webhook_deliveries (id, endpoint_id, event, payload, created_at) VALUES ($1, $2, $3, $4, $5)`,
          [d.id, d.endpointId, d.event, JSON.stringify(d.payload), at],
        );
      }
    },

    async findDelivery(id): Promise<DeliveryToSend | null> {
      const [row] = await m.query<DeliveryRow[]>(
        `SELECT d.id, d.event, d.payload, d.attempts, d.delivered_at, d.endpoint_id,
                w.name, w.project_id, w.url, w.secret_sealed, w.enabled
           FROM outbound_webhook_deliveries d JOIN outbound_webhooks w ON w.id = d.endpoint_id
          WHERE d.id = $1`,
        [id],
      );
      if (!row) return null;
      return {
        id: row.id,
        event: row.event,
        payload: row.payload,
        attempts: row.attempts,
        deliveredAt: row.delivered_at,
        endpoint: {
          id: row.endpoint_id,
          name: row.name,
          projectId: row.project_id,
          url: row.url,
          secret: secrets.open(row.secret_sealed),
          enabled: row.enabled,
        },
      };
    },

    async recordAttempt(id, attempt, outcome) {
      await m.query(
        `UPDATE outbound_webhook_deliveries
            SET attempts = attempts + 1, attempt_log = attempt_log || $2::jsonb,
                last_status_code = $3, last_error = $4, delivered_at = $5, next_attempt_at = $6
          WHERE id = $1`,
        [
          id,
          JSON.stringify([storable(attempt)]),
          attempt.statusCode,
          storable(attempt.error),
          outcome.deliveredAt,
          outcome.nextAttemptAt,
        ],
      );
    },

    async disableEndpoint(id, reason) {
      await m.query(
        `UPDATE outbound_webhooks SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1`,
        [id, reason],
      );
    },

    async endpointsWithDeliveries(projectId, limit): Promise<WebhookEndpointView[]> {
      const endpoints = await m.query<
        {
          id: string;
          name: string;
          url: string;
          events: WebhookEvent[];
          enabled: boolean;
          disabled_reason: string | null;
        }[]
      >(
        `SELECT id, name, url, events, enabled, disabled_reason FROM outbound_webhooks WHERE project_id = $1 ORDER BY name`,
        [projectId],
      );
      if (!endpoints.length) return [];
      const deliveries = await m.query<
        {
          id: string;
          endpoint_id: string;
          event: WebhookEvent;
          attempts: number;
          last_status_code: number | null;
          last_error: string | null;
          next_attempt_at: Date | null;
          delivered_at: Date | null;
          created_at: Date;
        }[]
      >(
        `SELECT d.id, d.endpoint_id, d.event, d.attempts, d.last_status_code, d.last_error, d.next_attempt_at,
                d.delivered_at, d.created_at
           FROM outbound_webhooks w
           CROSS JOIN LATERAL (
             SELECT * FROM outbound_webhook_deliveries WHERE endpoint_id = w.id ORDER BY created_at DESC, id LIMIT $2
           ) d
          WHERE w.project_id = $1`,
        [projectId, limit],
      );
      return endpoints.map((e) => ({
        id: e.id,
        name: e.name,
        url: e.url,
        events: e.events,
        enabled: e.enabled,
        disabledReason: e.disabled_reason,
        deliveries: deliveries
          .filter((d) => d.endpoint_id === e.id)
          .map((d) => ({
            id: d.id,
            event: d.event,
            attempts: d.attempts,
            lastStatusCode: d.last_status_code,
            lastError: d.last_error,
            nextAttemptAt: d.next_attempt_at,
            deliveredAt: d.delivered_at,
            createdAt: d.created_at,
          })),
      }));
    },
  };
}
