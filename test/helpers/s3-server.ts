// A real S3-protocol server (s3rver) on 127.0.0.1 with one bucket, for evidence in object storage.
// Use `url` as GOALIE_EVIDENCE_URL and `env` beside it (a child process), or `credentials` for a
// store built in this process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseEvidenceUrl, type S3Location } from '../../backend/src/config-evidence.js';
import { s3Client, s3Evidence, type S3EvidenceStore } from '../../backend/src/storage/s3-evidence.js';

export interface TestS3Server {
  /** s3://<bucket>/<prefix>?endpoint=http://127.0.0.1:<port>&forcePathStyle=true&region=us-east-1 */
  url: string;
  location: S3Location;
  endpoint: string;
  bucket: string;
  /** The credentials s3rver accepts, as the AWS variables of a child process. */
  env: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A store on this server, built in this process. */
  store(): S3EvidenceStore;
  /** Every object key in the bucket (prefix included). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver's built-in account.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'goalie-evidence';
  const prefix = options.prefix ?? 'test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const url = `s3://${bucket}/${prefix}?endpoint=${endpoint}&forcePathStyle=true&region=us-east-1`;
  const location = parseEvidenceUrl(url, undefined);
  const client = s3Client(location, credentials);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const stores: S3EvidenceStore[] = [];
  return {
    url,
    location,
    endpoint,
    bucket,
    env: { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    credentials,
    store() {
      const store = s3Evidence(location, { credentials });
      stores.push(store);
      return store;
    },
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      for (const store of stores) store.close();
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
