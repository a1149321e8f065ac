// Exploratory testing of a deployment: crawl it and report what is wrong (exploratory/ implements it).
import type { Severity } from '../../domain/review/verdict.js';
import type { ProjectNetworkSettings } from './test-executor.js';

export interface Finding {
  severity: Severity;
  kind: 'http-error' | 'console-error' | 'uncaught-exception' | 'broken-link' | 'accessibility' | 'unreachable';
  title: string;
  /** The page it was found on. */
  page: string;
  /** What shows it: a status line, a console message, the offending element's HTML, a rule and its help URL. */
  evidence: string;
}

export interface ExplorationOptions {
  /** Same origin as this URL only. */
  startUrl: string;
  /** The project's network setting; absent: the server's default. */
  network?: ProjectNetworkSettings;
  maxPages: number;
  maxDurationMs: number;
  signal?: AbortSignal;
}

export interface ExplorationResult {
  pagesVisited: string[];
  findings: Finding[];
  /** Set when the start page could not be loaded at all. */
  unreachable: boolean;
  durationMs: number;
}

export interface Explorer {
  explore(options: ExplorationOptions): Promise<ExplorationResult>;
}
