// --wait, --timeout and --junit, shared by `run` and `rerun`.
import { parseTimeout, UsageError } from './args.js';

export const FOLLOW_OPTIONS = {
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  junit: { type: 'string' },
} as const;

export interface FollowFlags {
  wait: boolean;
  timeoutMs: number;
  /** Path of the JUnit XML report to write when the wait ends. */
  junit?: string;
}

export const DEFAULT_TIMEOUT_MS = 30 * 60_000;

export function followFlags(
  command: string,
  values: { wait?: boolean; timeout?: string; junit?: string },
): FollowFlags {
  if (!values.wait && values.timeout !== undefined)
    throw new UsageError('--timeout limits --wait: add --wait, or leave --timeout out', command);
  if (!values.wait && values.junit !== undefined)
    throw new UsageError('--junit writes the report when the run ends: add --wait, or leave --junit out', command);
  if (values.junit === '') throw new UsageError('--junit needs a file name, e.g. --junit goalie-report.xml', command);
  return {
    wait: values.wait ?? false,
    timeoutMs: values.timeout === undefined ? DEFAULT_TIMEOUT_MS : parseTimeout(values.timeout, command),
    ...(values.junit ? { junit: values.junit } : {}),
  };
}
