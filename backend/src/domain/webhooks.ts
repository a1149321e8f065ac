// Outbound webhooks (docs/webhooks.md): the signed request Goalie sends, the retry schedule, and
// where an endpoint may be. Pure; the adapter (integrations/webhooks/) resolves names and connects.
import { createHmac } from 'node:crypto';
import type { WebhookEvent } from '../../../shared/src/project-file/schema.js';
import type { RunOutcomeCounts } from './run-outcomes.js';
import {
  addressKind,
  addressRefusal,
  hostKind,
  kindRefusal,
  normaliseHost,
  portOf,
  type NetworkAccess,
  type OwnPorts,
} from './url-policy.js';

// A type, not an interface: it is stored as a JSON record (Record<string, unknown>) as it is.
export type WebhookPayload = {
  /** The delivery id: the same in every attempt, for the receiver to drop repeats. */
  id: string;
  event: WebhookEvent;
  createdAt: string;
  project: { id: string; slug: string };
  data: Record<string, unknown>;
};

export function webhookPayload(
  deliveryId: string,
  event: WebhookEvent,
  createdAt: Date,
  project: { id: string; slug: string },
  data: Record<string, unknown>,
): WebhookPayload {
  return { id: deliveryId, event, createdAt: createdAt.toISOString(), project, data };
}

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}`: the timestamp is signed, so an old request cannot be replayed with a new one. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt; `timestamp` in Unix seconds. */
export function webhookHeaders(
  version: string,
  event: WebhookEvent,
  deliveryId: string,
  secret: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': `Goalie-Webhooks/${version}`,
    'X-Goalie-Event': event,
    'X-Goalie-Delivery': deliveryId,
    'X-Goalie-Timestamp': String(timestamp),
    'X-Goalie-Signature-256': webhookSignature(secret, timestamp, body),
  };
}

/**
 * Seconds to wait after attempt n (1-based) failed; after the last, the delivery is given up:
 * 7 attempts, the last about 39 minutes after the first.
 */
export const WEBHOOK_RETRY_DELAYS = [30, 60, 120, 300, 600, 1200] as const;
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS.length + 1;

/** When to try again after `attempts` attempts failed, or null when that was the last. */
export function nextWebhookAttempt(attempts: number, now: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}

/**
 * Why a URL Goalie sends to (an outbound webhook, a Teams channel's, a repository host's API) is
 * refused without DNS: its scheme, an IP address or known name as host; null when it passes. Messages
 * show the scheme and host only: the path and query of such URLs often hold their secret. `who`
 * names the sender in them.
 */
export function webhookUrlRefusal(raw: string, access: NetworkAccess, who = 'a webhook'): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  const shown = `${url.protocol}//${url.host}/…`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${shown} is not an https URL`;
  const kind = hostKind(url.hostname);
  if (kind) {
    const why = kindRefusal(kind, access);
    if (why) return `${url.host} is ${why.replace('the browser', who)}`;
  }
  if (url.protocol === 'http:') {
    // Plain http only inside the network the project allows: a request over the internet is https.
    if (!access.allowLoopback && !access.allowPrivate)
      return `${shown} is plain http, which is allowed only for loopback or private addresses the project allows (\`network: { allowPrivate: true }\` or \`allowLoopback: true\` under \`project:\`); use https`;
    if (kind === 'public')
      return `${shown} is plain http to a public address; use https (http is only for loopback or private addresses)`;
  }
  return null;
}

/** Why a resolved address may not receive a delivery for `url`, or null: checked for every address, right before connecting. */
export function webhookAddressRefusal(
  url: URL,
  address: string,
  access: NetworkAccess,
  own: OwnPorts | null,
  who = 'a webhook',
): string | null {
  const kind = addressKind(address) ?? 'reserved';
  const why = addressRefusal(address, portOf(url), access, own);
  if (why) return `${normaliseHost(url.hostname)} resolves to ${address}, ${why.replace('the browser', who)}`;
  if (url.protocol === 'http:' && kind === 'public')
    return `${normaliseHost(url.hostname)} resolves to the public address ${address}, and plain http is only for loopback or private addresses; use https`;
  return null;
}

// The `data` of each event (docs/webhooks.md shows one of each).

export function runStartedData(
  run: { id: string; shortId: string; testPlanName: string; trigger: string },
  testCases: number,
  url: string,
) {
  return { run: { id: run.id, shortId: run.shortId, name: run.testPlanName, trigger: run.trigger, testCases, url } };
}

export function runFinishedData(
  run: { id: string; shortId: string; testPlanName: string; trigger: string },
  status: string,
  result: string | null,
  counts: RunOutcomeCounts,
  url: string,
) {
  return {
    run: {
      id: run.id,
      shortId: run.shortId,
      name: run.testPlanName,
      trigger: run.trigger,
      status,
      result,
      counts,
      url,
    },
  };
}

export function testCaseFailedData(
  testCase: { id: string | null; runTestCaseId: string; name: string },
  result: 'FAILED' | 'ERROR',
  reason: string | null,
  run: { id: string; shortId: string },
  runUrl: string,
) {
  return {
    testCase: { id: testCase.id, runTestCaseId: testCase.runTestCaseId, name: testCase.name, result, reason },
    run: { id: run.id, shortId: run.shortId, url: runUrl },
    url: runUrl,
  };
}

export function burnInFailedData(testCase: { id: string; name: string }, reason: string, url: string) {
  return { testCase: { id: testCase.id, name: testCase.name, reason, url } };
}

export function reviewFinishedData(
  review: {
    id: string;
    shortId: string;
    verdict: string;
    summary: string | null;
    changeRequestNumber: number;
    changeRequestTitle: string;
    changeRequestUrl: string | null;
    branch: string;
    headSha: string;
  },
  repository: string,
  url: string,
) {
  return {
    review: { id: review.id, shortId: review.shortId, verdict: review.verdict, summary: review.summary, url },
    changeRequest: {
      repository,
      number: review.changeRequestNumber,
      title: review.changeRequestTitle,
      url: review.changeRequestUrl,
      branch: review.branch,
      headSha: review.headSha,
    },
  };
}
