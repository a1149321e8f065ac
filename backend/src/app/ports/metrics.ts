// Measurements for operators (Prometheus at /metrics, metrics/ adapter): use cases, the HTTP layer
// and the worker's browser report here; what is counted in the database is read at scrape time by
// the adapter itself. NO_METRICS when metrics are off.

export type ExecutionKind = 'burn-in' | 'replay';
export type WebhookOutcome = 'accepted' | 'duplicate' | 'ignored' | 'refused' | 'error';

export interface Metrics {
  /** A test case finished executing: a burn-in (no recorded steps yet) or a replay, with its verdict. */
  executionFinished(kind: ExecutionKind, verdict: string, seconds: number): void;
  browserLaunched(): void;
  /** The browser went away without being closed: a crash, a remote browser gone. */
  browserLost(): void;
  /** `route`: the router's pattern (`/v1/run/:id`), never the raw path; `unmatched` otherwise. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  webhookDelivery(host: string, outcome: WebhookOutcome): void;
}

export const NO_METRICS: Metrics = {
  executionFinished() {},
  browserLaunched() {},
  browserLost() {},
  httpRequest() {},
  webhookDelivery() {},
};
