// Outbound webhooks: their endpoints and deliveries in the database, and the HTTP call that delivers.
import type { WebhookEvent } from '../../../../shared/src/project-file/schema.js';
import type { NetworkAccess } from '../../domain/url-policy.js';

/** An endpoint as apply writes it; the secret plain (the store seals it). */
export interface WebhookEndpointWrite {
  name: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
}

/** One attempt of a delivery, as recorded. */
export interface WebhookAttempt {
  at: string;
  /** The HTTP status, or null when no response came (refused address, timeout, connection error). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of the response body (about 1 KB). */
  response: string | null;
}

/** What the delivery job needs: the payload, and its endpoint with the secret decrypted. */
export interface DeliveryToSend {
  id: string;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  attempts: number;
  deliveredAt: Date | null;
  endpoint: { id: string; name: string; projectId: string; url: string; secret: string; enabled: boolean };
}

/** An endpoint with its newest deliveries, for the dashboard (never its secret). */
export interface WebhookEndpointView {
  id: string;
  name: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: string | null;
  deliveries: {
    id: string;
    event: WebhookEvent;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    nextAttemptAt: Date | null;
    deliveredAt: Date | null;
    createdAt: Date;
  }[];
}

export interface WebhookStore {
  /** Makes the project's endpoints exactly these, matched by name (a kept endpoint keeps its deliveries and is enabled again). */
  replaceEndpoints(projectId: string, endpoints: WebhookEndpointWrite[]): Promise<void>;
  /** Adds one endpoint (the dashboard); false when the project has one of that name already. */
  addEndpoint(projectId: string, endpoint: WebhookEndpointWrite): Promise<boolean>;
  /** Removes the project's endpoint and its deliveries; its name, or null when there is none. */
  removeEndpoint(projectId: string, endpointId: string): Promise<string | null>;
  /** Enables the project's endpoint again; its name, or null when there is none. */
  enableEndpoint(projectId: string, endpointId: string): Promise<string | null>;
  /** The enabled endpoints of the project that want `event`, and the project's slug. */
  subscribers(projectId: string, event: WebhookEvent): Promise<{ slug: string; endpointIds: string[] }>;
  createDeliveries(
    deliveries: { id: string; endpointId: string; event: WebhookEvent; payload: Record<string, unknown> }[],
    at: Date,
  ): Promise<void>;
  /** The delivery with its endpoint; null when it (or its endpoint) was removed. */
  findDelivery(id: string): Promise<DeliveryToSend | null>;
  recordAttempt(
    id: string,
    attempt: WebhookAttempt,
    outcome: { deliveredAt: Date | null; nextAttemptAt: Date | null },
  ): Promise<void>;
  disableEndpoint(id: string, reason: string): Promise<void>;
  /** The project's endpoints, each with its `limit` newest deliveries. */
  endpointsWithDeliveries(projectId: string, limit: number): Promise<WebhookEndpointView[]>;
}

export interface WebhookResponse {
  status: number;
  /** The start of the body (at most `WEBHOOK_RESPONSE_BYTES`). */
  body: string;
}

export interface WebhookSender {
  /**
   * POSTs `body` to `url`: the host resolved and each address checked against `access` right before
   * connecting, to the checked address. Redirects are not followed. Throws with a readable message
   * when the address is refused, the connection fails or no answer comes in time.
   */
  post(url: string, headers: Record<string, string>, body: string, access: NetworkAccess): Promise<WebhookResponse>;
}
