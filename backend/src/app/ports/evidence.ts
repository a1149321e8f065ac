// Where screenshots, traces and logs of run test cases, reviews and generations are kept: the local
// disk (storage/local-disk.ts) or S3-compatible object storage (storage/s3-evidence.ts).
import type { Readable } from 'node:stream';
import type { SecretValue } from '../../domain/mask-secrets.js';

/** A byte range as a Range header names it: from `start` to `end` (inclusive; open when absent), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface EvidenceOpenOptions {
  range?: ByteRange;
  /** The If-None-Match header as the browser sent it: a match answers `not-modified` without the bytes. */
  ifNoneMatch?: string;
}

export type EvidenceOpened =
  | {
      status: 'ok';
      /** The bytes (of `range` when given): read it to the end or destroy it. */
      body: Readable;
      contentType: string;
      /** Of the whole file. */
      size: number;
      /** A strong validator, quoted as the ETag header wants it. */
      etag: string;
      lastModified: Date;
      /** The bytes `body` holds when a range was asked for (inclusive). */
      range?: { start: number; end: number };
    }
  | { status: 'not-modified'; etag: string }
  | { status: 'unsatisfiable'; size: number };

export interface EvidenceStore {
  /** Stores the evidence with every one of `secrets` masked first (storage/mask-evidence.ts); nothing when that fails. */
  put(key: string, data: Buffer | string, contentType: string, secrets: readonly SecretValue[]): Promise<void>;
  /** Streams the evidence; null when there is none at `key` (or `key` is not a valid key). */
  open(key: string, options?: EvidenceOpenOptions): Promise<EvidenceOpened | null>;
  /** Deletes these keys; those already gone, and invalid ones no store could hold, are no error (retention may repeat a delete). */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Deletes every key under `prefix` (a whole folder such as `reviews/<id>/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Releases its connections (S3); the store is not used afterwards. */
  close?(): void;
}

/** One piece of evidence, as the run test case lists it. */
export interface EvidenceItem {
  kind: 'screenshot' | 'trace' | 'console' | 'network';
  key: string;
  /** For screenshots: after which step (1-based), or 'final'. */
  label: string;
  contentType: string;
}
