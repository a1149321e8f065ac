// The JSON a review stores (its exploration and context checks), read back once here into the
// port's types. Rows written by older versions lack fields: those get their empty value, and a value
// that is not the expected shape at all reads as "not run" (null), never as a crash in a page.
import { z } from 'zod';
import type { Finding } from '../app/ports/explorer.js';
import type { CheckResult, Exploration } from '../app/ports/review-store.js';

// Records, so that a severity or kind added to Finding fails to compile here until it is listed.
const SEVERITIES: Record<Finding['severity'], true> = { critical: true, major: true, minor: true };
const KINDS: Record<Finding['kind'], true> = {
  'http-error': true,
  'console-error': true,
  'uncaught-exception': true,
  'broken-link': true,
  accessibility: true,
  unreachable: true,
};

const finding = z.object({
  severity: z.enum(Object.keys(SEVERITIES) as Finding['severity'][]),
  kind: z.enum(Object.keys(KINDS) as Finding['kind'][]),
  title: z.string(),
  page: z.string(),
  evidence: z.string(),
});

const exploration = z.object({
  pagesVisited: z.array(z.string()).catch([]),
  // One unreadable finding is left out, not all of them.
  findings: z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = finding.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  unreachable: z.boolean().catch(false),
  runNote: z.string().nullable().catch(null),
});

const checks = z.array(
  z.object({
    goal: z.string(),
    passed: z.boolean(),
    title: z.string().nullable().catch(null),
    thought: z.string().catch(''),
  }),
);

export function readExploration(value: unknown): Exploration | null {
  const parsed = exploration.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readChecks(value: unknown): CheckResult[] | null {
  const parsed = checks.safeParse(value);
  return parsed.success ? parsed.data : null;
}
