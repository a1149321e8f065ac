// The payload of the event that started the workflow: GitHub writes it to the file named by
// GITHUB_EVENT_PATH. Missing or unreadable gives null (attribution then comes from GITHUB_* alone).
import fs from 'node:fs';

export type EventPayload = Record<string, unknown> & {
  pull_request?: { head?: { ref?: string; sha?: string }; title?: string };
  head_commit?: { message?: string; id?: string } | null;
  commits?: { message?: string }[];
  sender?: { login?: string };
};

export function readEventPayload(
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): EventPayload | null {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) return null;
  try {
    const payload: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as EventPayload) : null;
  } catch (error) {
    warn(
      `Could not read the event payload at GITHUB_EVENT_PATH (${(error as Error).message}); the run's branch and commit come from GITHUB_REF and GITHUB_SHA instead.`,
    );
    return null;
  }
}
