// Evidence in S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, GCS interoperability,
// Ceph): one object per key under the location's prefix, its content type the object's
// Content-Type. Credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY, AWS_PROFILE, web identity, instance roles).
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { EvidenceOpened, EvidenceStore } from '../app/ports/evidence.js';
import type { S3Location } from '../config-evidence.js';
import { checkKey, checkPrefix, etagMatches, isValidKey, resolveRange } from './evidence-keys.js';
import { maskEvidence } from './mask-evidence.js';

export interface S3EvidenceStore extends EvidenceStore {
  /** Whether the bucket answers with these credentials (HeadBucket); rejects with what to fix. */
  check(): Promise<void>;
  close(): void;
}

/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** A client for the location; `credentials` instead of the SDK's default chain. */
export function s3Client(location: S3Location, credentials?: S3ClientConfig['credentials']): S3Client {
  // The SDK warns on every start under Node 20 that its releases after January 2027 need Node 22;
  // operators cannot act on that from Goalie, so its own switch turns it off unless they set it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that stops answering fails the call (retried by the SDK) instead of holding a test
    // case or a page forever. The request timeout is between bytes, not for a whole large trace.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** `credentials`: instead of the default chain (tests that run several stores in one process). */
export function s3Evidence(
  location: S3Location,
  options: { credentials?: S3ClientConfig['credentials'] } = {},
): S3EvidenceStore {
  const client = s3Client(location, options.credentials);
  const Bucket = location.bucket;
  const objectKey = (key: string) => location.prefix + checkKey(key);
  const where = `bucket ${Bucket}${location.endpoint ? ` at ${location.endpoint}` : ''}`;

  async function head(Key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async function deleteObjects(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      let answer;
      try {
        answer = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
      } catch (error) {
        // Google Cloud Storage's XML API has no multi-object delete: one request per key there.
        if (statusOf(error) !== 501 && (error as Error).name !== 'NotImplemented') throw error;
        for (const Key of batch) await client.send(new DeleteObjectCommand({ Bucket, Key }));
        continue;
      }
      // A key already gone is no error in S3; anything listed here is a real failure.
      const failed = answer.Errors ?? [];
      if (failed.length)
        throw new Error(
          `Could not delete ${failed.length} evidence object(s) from ${where}: ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`.trim(),
        );
    }
  }

  return {
    async put(key, data, contentType, secrets) {
      const Key = objectKey(key);
      const masked = await maskEvidence(data, contentType, secrets);
      await client.send(new PutObjectCommand({ Bucket, Key, Body: masked, ContentType: contentType }));
    },
    async open(key, options = {}): Promise<EvidenceOpened | null> {
      if (!isValidKey(key)) return null;
      const Key = objectKey(key);
      let range = options.range;
      if (range && 'suffix' in range) {
        // Not every S3-compatible server knows bytes=-n: resolved against the size first.
        const meta = await head(Key);
        if (!meta) return null;
        if (etagMatches(options.ifNoneMatch, meta.ETag ?? '')) return { status: 'not-modified', etag: meta.ETag! };
        const resolved = resolveRange(range, meta.ContentLength ?? 0);
        if (!resolved) return { status: 'unsatisfiable', size: meta.ContentLength ?? 0 };
        range = resolved;
      }
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range
              ? { Range: `bytes=${(range as { start: number }).start}-${(range as { end?: number }).end ?? ''}` }
              : {}),
            ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
          }),
        );
        const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
        const size = contentRange ? Number(contentRange[3]) : (answer.ContentLength ?? 0);
        return {
          status: 'ok',
          body: answer.Body as Readable,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size,
          etag: answer.ETag ?? '',
          lastModified: answer.LastModified ?? new Date(0),
          ...(range && contentRange ? { range: { start: Number(contentRange[1]), end: Number(contentRange[2]) } } : {}),
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return null;
        if (status === 304) {
          const etag = (await head(Key))?.ETag ?? options.ifNoneMatch ?? '';
          return { status: 'not-modified', etag };
        }
        if (status === 416) {
          const meta = await head(Key);
          return meta ? { status: 'unsatisfiable', size: meta.ContentLength ?? 0 } : null;
        }
        throw error;
      }
    },
    async deleteMany(keys) {
      await deleteObjects(keys.filter(isValidKey).map(objectKey));
    },
    async deletePrefix(prefix) {
      const Prefix = location.prefix + checkPrefix(prefix);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        await deleteObjects((page.Contents ?? []).map((object) => object.Key!).filter(Boolean));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const name = (error as Error).name;
        const why =
          status === 404
            ? 'it does not exist: create it, or correct the bucket name'
            : status === 403 || status === 401
              ? 'the credentials may not use it: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) and the bucket policy'
              : name === 'CredentialsProviderError' || /credential/i.test((error as Error).message)
                ? 'no credentials were found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE'
                : `it did not answer (${(error as Error).message}): check the endpoint, region and network`;
        throw new Error(`GOALIE_EVIDENCE_URL: cannot reach the ${where}: ${why}.`, { cause: error });
      }
    },
    close() {
      client.destroy();
    },
  };
}
