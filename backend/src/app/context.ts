// What every use case may use. Built once in main.ts.
import type { CallerCache } from './caller-cache.js';
import type { Metrics } from './ports/metrics.js';
import type { Mailer } from './ports/notifiers.js';
import type { HostKind, PlatformFactory } from './ports/change-request-platform.js';
import type { Logger } from './ports/logger.js';
import type { JobQueue } from './ports/queue.js';
import type { SlackChannels } from './ports/slack.js';
import type { Store } from './ports/store.js';
import type { NetworkAccess } from '../domain/url-policy.js';

export interface Links {
  /** Goalie's own address (GOALIE_PUBLIC_URL): what API clients set as GOALIE_API_URL. */
  server(): string;
  run(shortId: string): string;
  testCase(id: string): string;
  review(shortId: string): string;
  webhook(host: HostKind, connectionShortId: string): string;
  /** The dashboard's link that joins an organization. */
  invitation(token: string): string;
  /** The dashboard's link that sets a new password. */
  passwordReset(token: string): string;
  /** The link mailed to a new address that asked to join by an invitation: it makes the account. */
  invitationSignUp(token: string): string;
  /** The sign-in page, then `next` (a local path). */
  signIn(next: string): string;
  /** A plan on the project's plans page. */
  plan(projectSlug: string, planShortId: string): string;
  /** A plan's status badge: public (no token) or by its secret token. */
  badge(planShortId: string, token: string | null): string;
}

export interface AppContext {
  store: Store;
  slack: SlackChannels;
  queue: JobQueue;
  platforms: PlatformFactory;
  links: Links;
  now: () => Date;
  log: Logger;
  /** API tokens' callers kept for a few seconds (GOALIE_TOKEN_CACHE_SECONDS); absent: read every time. */
  callers?: CallerCache;
  /** What the browser may reach when a project does not say, and Goalie's own ports (docs/security.md). */
  browserNetwork?: { defaults: NetworkAccess; ownPorts: number[]; isOwnAddress?: (address: string) => boolean };
  /** Whether email notifications can be sent (GOALIE_SMTP_URL): apply warns when they cannot. */
  smtpConfigured?: boolean;
  /** Sends mail about accounts (invitations) while a person waits; absent without GOALIE_SMTP_URL. */
  mailer?: Mailer;
  /** Operators' measurements (docs/operations.md#metrics); none when absent. */
  metrics?: Metrics;
}

export function linksFor(publicUrl: string): Links {
  return {
    server: () => publicUrl,
    run: (shortId) => `${publicUrl}/runs/${encodeURIComponent(shortId)}`,
    testCase: (id) => `${publicUrl}/test-cases/${encodeURIComponent(id)}`,
    review: (shortId) => `${publicUrl}/reviews/${encodeURIComponent(shortId)}`,
    webhook: (host, connectionShortId) => `${publicUrl}/webhooks/${host}/${encodeURIComponent(connectionShortId)}`,
    invitation: (token) => `${publicUrl}/invitations/${encodeURIComponent(token)}`,
    passwordReset: (token) => `${publicUrl}/password-reset/${encodeURIComponent(token)}`,
    invitationSignUp: (token) => `${publicUrl}/invitations/confirm/${encodeURIComponent(token)}`,
    signIn: (next) => `${publicUrl}/sign-in?next=${encodeURIComponent(next)}`,
    plan: (projectSlug, planShortId) =>
      `${publicUrl}/p/${encodeURIComponent(projectSlug)}/plans#plan-${encodeURIComponent(planShortId)}`,
    badge: (planShortId, token) =>
      `${publicUrl}/badges/${encodeURIComponent(planShortId)}${token ? `/${encodeURIComponent(token)}` : ''}.svg`,
  };
}
