// Where screenshots, traces and logs of a run test case are kept (local disk now; S3-compatible later).
import type { SecretValue } from '../../domain/mask-secrets.js';

export interface EvidenceStore {
  /** Stores the evidence with every one of `secrets` masked first (storage/mask-evidence.ts); nothing when that fails. */
  put(key: string, data: Buffer | string, contentType: string, secrets: readonly SecretValue[]): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
}

/** One piece of evidence, as the run test case lists it. */
export interface EvidenceItem {
  kind: 'screenshot' | 'trace' | 'console' | 'network';
  key: string;
  /** For screenshots: after which step (1-based), or 'final'. */
  label: string;
  contentType: string;
}
