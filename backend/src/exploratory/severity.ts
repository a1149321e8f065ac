// How bad each kind of problem is. Pure.
//
//   a page's own answer            5xx critical · 4xx major
//   a request the page made        5xx major    · 4xx minor      (same origin only)
//   a link's target                5xx critical · 4xx major
//   console.error                  minor
//   uncaught exception             major
//   axe violation                  critical → critical · serious → major · moderate/minor ignored
//   start page unreachable         critical
import type { Severity } from '../domain/review/verdict.js';

export const SEVERITY_RANK: Record<Severity, number> = { critical: 0, major: 1, minor: 2 };

export function pageStatusSeverity(status: number): Severity | null {
  if (status >= 500) return 'critical';
  if (status >= 400) return 'major';
  return null;
}

export function subresourceStatusSeverity(status: number): Severity | null {
  if (status >= 500) return 'major';
  if (status >= 400) return 'minor';
  return null;
}

export function linkStatusSeverity(status: number): Severity | null {
  if (status >= 500) return 'critical';
  if (status >= 400) return 'major';
  return null;
}

/** axe-core's impact of a violation; moderate and minor ones are not reported (a product decision). */
export function axeImpactSeverity(impact: string | null | undefined): Severity | null {
  if (impact === 'critical') return 'critical';
  if (impact === 'serious') return 'major';
  return null;
}

export const CONSOLE_ERROR_SEVERITY: Severity = 'minor';
export const UNCAUGHT_EXCEPTION_SEVERITY: Severity = 'major';
export const UNREACHABLE_SEVERITY: Severity = 'critical';

export function worst(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}
