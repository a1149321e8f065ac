// Whether a same-origin link leads anywhere: one lightweight request per distinct link, through the
// exploration context's request API (so it carries the context's cookies and headers). HEAD first;
// an error answer to HEAD is confirmed with GET, since some servers do not implement HEAD (405,
// 501) or answer it differently. Redirects are not followed: the caller decides whether the
// Location is worth checking (it may lead off-origin, which is never requested).
import type { APIRequestContext } from 'playwright-core';
import type { Budget } from './budget.js';
import { firstLine } from './findings.js';

export type LinkCheck =
  | { outcome: 'ok'; status: number; html: boolean }
  | { outcome: 'redirect'; status: number; location: string | null }
  | { outcome: 'broken'; status: number; statusText: string; method: 'HEAD' | 'GET' }
  | { outcome: 'no-answer'; reason: string }
  | { outcome: 'timeout' }
  | { outcome: 'stopped' };

export interface LinkCheckSettings {
  timeoutMs: number;
  concurrency: number;
  /** Why a URL may not be requested (the network guard); these requests bypass the browser's routes. */
  refusal?: (url: string) => Promise<string | null>;
}

type Answer = { outcome: 'answer'; status: number; statusText: string; headers: Record<string, string> };

/** What an answer says about a link. Pure. */
export function linkOutcome(
  method: 'HEAD' | 'GET',
  status: number,
  statusText: string,
  headers: Record<string, string>,
): LinkCheck {
  if (status >= 400) return { outcome: 'broken', status, statusText, method };
  if (status >= 300 && status < 400 && status !== 304)
    return { outcome: 'redirect', status, location: headers['location'] ?? null };
  const type = (headers['content-type'] ?? '').toLowerCase();
  return { outcome: 'ok', status, html: type === '' || type.includes('html') };
}

export async function checkLink(
  request: APIRequestContext,
  url: string,
  budget: Budget,
  timeoutMs: number,
): Promise<LinkCheck> {
  const head = await ask(request, 'HEAD', url, budget, timeoutMs);
  if (head.outcome !== 'answer') return head;
  if (head.status < 400) return linkOutcome('HEAD', head.status, head.statusText, head.headers);
  const get = await ask(request, 'GET', url, budget, timeoutMs);
  if (get.outcome !== 'answer') return get;
  return linkOutcome('GET', get.status, get.statusText, get.headers);
}

/** Checks `urls` a few at a time; the answers come back in the order of `urls`. */
export async function checkLinks(
  request: APIRequestContext,
  urls: readonly string[],
  budget: Budget,
  settings: LinkCheckSettings,
): Promise<LinkCheck[]> {
  const results: LinkCheck[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < urls.length; index = next++) {
      const url = urls[index]!;
      const refused = budget.stopped ? null : await settings.refusal?.(url);
      results[index] = budget.stopped
        ? { outcome: 'stopped' }
        : refused
          ? { outcome: 'no-answer', reason: `not requested: ${refused}` }
          : await checkLink(request, url, budget, settings.timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.concurrency, urls.length)) }, worker));
  return results;
}

async function ask(
  request: APIRequestContext,
  method: 'HEAD' | 'GET',
  url: string,
  budget: Budget,
  timeoutMs: number,
): Promise<Answer | Exclude<LinkCheck, { status: number }>> {
  try {
    const timeout = Math.max(1, Math.min(timeoutMs, budget.remainingMs()));
    const asked = await budget.bounded(
      request.fetch(url, { method, maxRedirects: 0, timeout, failOnStatusCode: false }),
      timeoutMs,
    );
    if (!asked.done) return { outcome: asked.why };
    const response = asked.value;
    const answer: Answer = {
      outcome: 'answer',
      status: response.status(),
      statusText: response.statusText(),
      headers: response.headers(),
    };
    await response.dispose().catch(() => {});
    return answer;
  } catch (error) {
    if (budget.stopped) return { outcome: 'stopped' };
    const message = (error as Error).message ?? String(error);
    if ((error as Error).name === 'TimeoutError' || /Timeout \d+ms exceeded/i.test(message))
      return { outcome: 'timeout' };
    return { outcome: 'no-answer', reason: firstLine(message) };
  }
}
