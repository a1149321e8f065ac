// Reviews in words, for the review list and the review page: states, events, severities, and how
// the host numbers its change requests (GitHub #12 pull requests, GitLab !12 merge requests).
import type { Severity } from '../../../domain/review/verdict.js';
import type { HostKind } from '../../../app/ports/change-request-platform.js';
import type { ReviewEvent, ReviewStatus } from '../../../app/ports/review-store.js';

export const STATUS_WORDS: Record<ReviewStatus, string> = {
  AUTHORIZING: 'checking who asked',
  REFUSED: 'refused',
  WAITING: 'waiting for deployments',
  QUEUED: 'queued',
  RUNNING: 'running',
  COMPLETED: 'completed',
  SUPERSEDED: 'superseded',
  ERROR: 'error',
};

/** A review in one of these states has not ended: its pages update themselves. */
export const IN_PROGRESS: ReviewStatus[] = ['AUTHORIZING', 'WAITING', 'QUEUED', 'RUNNING'];

export const EVENT_WORDS: Record<ReviewEvent, string> = {
  opened: 'automatic: the change request was opened',
  updated: 'automatic: new commits were pushed',
  comment: 'asked for in a comment',
  ci: 'asked for by a CI job',
};

export const SEVERITY_WORDS: Record<Severity, string> = { critical: 'Critical', major: 'Major', minor: 'Minor' };
export const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, major: 1, minor: 2 };

export const HOST_NAMES: Record<HostKind, string> = { github: 'GitHub', gitlab: 'GitLab' };

/** #12 on GitHub, !12 on GitLab. */
export function changeRequestRef(host: HostKind, number: number): string {
  return `${host === 'gitlab' ? '!' : '#'}${number}`;
}

export function changeRequestNoun(host: HostKind): string {
  return host === 'gitlab' ? 'merge request' : 'pull request';
}

export const shortSha = (sha: string): string => (sha ? sha.slice(0, 7) : 'unknown');

/** A run test case's outcome as one word: its result when it has one, else its state. */
export const OUTCOME_WORDS: Record<string, string> = {
  PASSED: 'passed',
  FAILED: 'failed',
  SKIPPED: 'skipped',
  ERROR: 'error',
  CANCELLED: 'cancelled',
  PENDING: 'waiting',
  RUNNING: 'running',
  COMPLETED: 'completed',
};

/** "2 failed, 1 error, 5 passed": the counts that matter first. */
export function countInWords(outcomes: string[]): string {
  const order = ['FAILED', 'ERROR', 'SKIPPED', 'CANCELLED', 'PASSED', 'RUNNING', 'PENDING'];
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  const keys = [...counts.keys()].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  return keys.map((k) => `${counts.get(k)} ${OUTCOME_WORDS[k] ?? k.toLowerCase()}`).join(', ');
}
