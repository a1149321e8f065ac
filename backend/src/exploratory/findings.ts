// One finding per observation, in words a reviewer reads: a short one-line title, the page, and the
// evidence. Each carries a `key`: observations with the same key are the same problem, wherever
// they were seen, and merge into one finding (merge-findings.ts). Pure.
import type { Finding } from '../app/ports/explorer.js';
import {
  axeImpactSeverity,
  CONSOLE_ERROR_SEVERITY,
  linkStatusSeverity,
  pageStatusSeverity,
  subresourceStatusSeverity,
  UNCAUGHT_EXCEPTION_SEVERITY,
  UNREACHABLE_SEVERITY,
} from './severity.js';
import { displayPath } from './urls.js';

export interface RawFinding extends Finding {
  key: string;
}

/** An axe-core violation, trimmed to what a finding shows. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { html: string; target: string[] }[];
}

const MAX_TITLE = 120;
const MAX_EVIDENCE_TEXT = 2000;
const MAX_HTML = 300;
const AXE_NODES_SHOWN = 3;

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first line with text, trimmed (error messages often start with a blank line or carry a call log). */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? ''
  );
}

const statusLine = (status: number, statusText: string) => `${status}${statusText ? ` ${statusText}` : ''}`;

/** The page's own answer was an error (only status >= 400 gives a finding). */
export function pageStatusFinding(page: string, status: number, statusText: string): RawFinding | null {
  const severity = pageStatusSeverity(status);
  if (!severity) return null;
  return {
    key: `page-status:${page}`,
    kind: 'http-error',
    severity,
    title: `Page ${displayPath(page)} answered ${statusLine(status, statusText)}`,
    page,
    evidence: `GET ${page} → ${statusLine(status, statusText)}`,
  };
}

/** A page that was linked and looked fine but could not be loaded in the browser. */
export function pageLoadFinding(page: string, reason: string): RawFinding {
  return {
    key: `page-load:${page}`,
    kind: 'http-error',
    severity: 'major',
    title: `Page ${displayPath(page)} could not be loaded`,
    page,
    evidence: clip(reason, MAX_EVIDENCE_TEXT),
  };
}

/** A same-origin request the page made (stylesheet, script, image, fetch) answered an error. */
export function subresourceFinding(
  page: string,
  resource: string,
  resourceType: string,
  status: number,
  statusText: string,
): RawFinding | null {
  const severity = subresourceStatusSeverity(status);
  if (!severity) return null;
  return {
    key: `subresource:${status}:${resource}`,
    kind: 'http-error',
    severity,
    title: `Request for ${displayPath(resource)} answered ${statusLine(status, statusText)}`,
    page,
    evidence: `${resourceType} ${resource} → ${statusLine(status, statusText)}`,
  };
}

export function consoleErrorFinding(
  page: string,
  text: string,
  location: { url: string; lineNumber: number } | null,
): RawFinding {
  const where = location?.url ? `\nat ${location.url}:${location.lineNumber + 1}` : '';
  return {
    key: `console:${text}`,
    kind: 'console-error',
    severity: CONSOLE_ERROR_SEVERITY,
    title: clip(`Console error: ${firstLine(text)}`, MAX_TITLE),
    page,
    evidence: `console.error: ${clip(text, MAX_EVIDENCE_TEXT)}${where}`,
  };
}

export function exceptionFinding(page: string, error: { name: string; message: string; stack?: string }): RawFinding {
  const name = error.name || 'Error';
  const headline = `${name}: ${error.message}`;
  return {
    key: `exception:${headline}`,
    kind: 'uncaught-exception',
    severity: UNCAUGHT_EXCEPTION_SEVERITY,
    title: clip(`Uncaught exception: ${firstLine(headline)}`, MAX_TITLE),
    page,
    evidence: clip(
      error.stack?.includes(error.message) ? error.stack : `${headline}${error.stack ? `\n${error.stack}` : ''}`,
      MAX_EVIDENCE_TEXT,
    ),
  };
}

/** A same-origin link on `page` whose target answered `status` (>= 400), checked with `method`. */
export function brokenLinkFinding(
  page: string,
  target: string,
  status: number,
  statusText: string,
  method: string,
  anchorHtml: string,
): RawFinding | null {
  const severity = linkStatusSeverity(status);
  if (!severity) return null;
  return {
    key: `broken-link:${target}`,
    kind: 'broken-link',
    severity,
    title: `Broken link to ${displayPath(target)} (${statusLine(status, statusText)})`,
    page,
    evidence: `${clip(anchorHtml, MAX_HTML)} on ${page}\n${method} ${target} → ${statusLine(status, statusText)}`,
  };
}

/** A same-origin link whose target could not be requested at all (connection reset, refused...). */
export function unansweredLinkFinding(page: string, target: string, reason: string, anchorHtml: string): RawFinding {
  return {
    key: `broken-link:${target}`,
    kind: 'broken-link',
    severity: 'major',
    title: `Broken link to ${displayPath(target)} (no answer)`,
    page,
    evidence: `${clip(anchorHtml, MAX_HTML)} on ${page}\n${clip(firstLine(reason), MAX_EVIDENCE_TEXT)}`,
  };
}

/** Serious and critical violations only; moderate and minor ones give null. */
export function accessibilityFinding(page: string, violation: AxeViolation): RawFinding | null {
  const severity = axeImpactSeverity(violation.impact);
  if (!severity) return null;
  const shown = violation.nodes
    .slice(0, AXE_NODES_SHOWN)
    .map((node) => `- ${clip(node.html.replace(/\s+/g, ' '), MAX_HTML)} (${node.target.join(' ')})`);
  const more =
    violation.nodes.length > AXE_NODES_SHOWN
      ? [`- …and ${violation.nodes.length - AXE_NODES_SHOWN} more elements`]
      : [];
  return {
    key: `axe:${violation.id}`,
    kind: 'accessibility',
    severity,
    title: clip(`Accessibility: ${violation.help} (${violation.id})`, MAX_TITLE),
    page,
    evidence: [`${violation.id} (${violation.impact}): ${violation.help}`, violation.helpUrl, ...shown, ...more].join(
      '\n',
    ),
  };
}

export function unreachableFinding(startUrl: string, reason: string): RawFinding {
  return {
    key: `unreachable:${startUrl}`,
    kind: 'unreachable',
    severity: UNREACHABLE_SEVERITY,
    title: `The start page ${startUrl} could not be reached`,
    page: startUrl,
    evidence: clip(reason, MAX_EVIDENCE_TEXT),
  };
}

/** A request of the page that the network guard refused (docs/security.md, What the browser may reach). */
export function refusedRequestFinding(page: string, url: string, reason: string): RawFinding {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the URL
  }
  return {
    key: `refused:${url}`,
    kind: 'http-error',
    severity: 'major',
    title: clip(`Request to ${host} refused: the browser may not reach it`, MAX_TITLE),
    page,
    evidence: clip(`${url}: ${reason}`, MAX_EVIDENCE_TEXT),
  };
}
