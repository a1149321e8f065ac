// GOALIE_EVIDENCE_URL: unset keeps evidence on the local disk; an s3:// URL names the bucket, the
// prefix and the server; anything wrong is refused at start-up saying what to write instead.
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../backend/src/config.js';

describe('config: GOALIE_EVIDENCE_URL', () => {
  it('unset or blank: the local disk under GOALIE_HOME/evidence', () => {
    expect(loadConfig({ GOALIE_HOME: '/srv/goalie' }).evidence).to.deep.equal({
      kind: 'local',
      dir: path.join('/srv/goalie', 'evidence'),
    });
    expect(loadConfig({ GOALIE_HOME: '/srv/goalie', GOALIE_EVIDENCE_URL: ' ' }).evidence.kind).to.equal('local');
  });

  const good: [string, Record<string, string>, object][] = [
    [
      's3://goalie-evidence',
      {},
      { bucket: 'goalie-evidence', prefix: '', endpoint: null, region: 'us-east-1', forcePathStyle: false },
    ],
    ['s3://goalie-evidence', { AWS_REGION: 'eu-central-1' }, { region: 'eu-central-1' }],
    ['s3://goalie-evidence', { AWS_DEFAULT_REGION: 'eu-north-1' }, { region: 'eu-north-1' }],
    [
      's3://goalie-evidence/ci/evidence/',
      { AWS_REGION: 'eu-central-1' },
      { prefix: 'ci/evidence/', region: 'eu-central-1' },
    ],
    [
      's3://evidence/goalie?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true',
      {},
      {
        bucket: 'evidence',
        prefix: 'goalie/',
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        forcePathStyle: true,
      },
    ],
    [
      's3://evidence?endpoint=https://abc123.r2.cloudflarestorage.com/&region=auto',
      {},
      { endpoint: 'https://abc123.r2.cloudflarestorage.com', region: 'auto', forcePathStyle: false },
    ],
    ['s3://evidence?forcePathStyle=false', {}, { forcePathStyle: false }],
  ];
  for (const [url, env, expected] of good) {
    it(`reads ${url}${Object.keys(env).length ? ` with ${JSON.stringify(env)}` : ''}`, () => {
      expect(loadConfig({ GOALIE_EVIDENCE_URL: url, ...env }).evidence).to.deep.include({ kind: 's3', ...expected });
    });
  }

  const bad: [string, string, RegExp][] = [
    ['a bad scheme', 'https://bucket/prefix', /must start with s3:\/\//],
    ['a file path', '/var/goalie/evidence', /is not a URL/],
    ['a missing bucket', 's3:///prefix', /names no bucket/],
    ['a bucket name S3 refuses', 's3://My_Bucket', /has the bucket name "My_Bucket", which is not one S3 allows/],
    ['a two-letter bucket', 's3://ab', /bucket name "ab"/],
    ['credentials in the URL', 's3://key:secret@bucket', /must not hold credentials: set AWS_ACCESS_KEY_ID/],
    ['a port on the bucket', 's3://bucket:9000', /put the server in \?endpoint=/],
    ['a prefix with ..', 's3://bucket/a/../b', /has . or .. in its prefix/],
    ['a bad endpoint', 's3://bucket?endpoint=minio:9000', /endpoint=minio:9000, which is not an http\(s\) address/],
    ['an endpoint that is no URL', 's3://bucket?endpoint=not%20a%20url', /which is not an http\(s\) address/],
    ['an endpoint with credentials', 's3://bucket?endpoint=http://k:s@minio:9000', /endpoint with credentials/],
    ['a bad boolean', 's3://bucket?forcePathStyle=yes', /forcePathStyle=yes: it is true or false/],
    [
      'an unknown option',
      's3://bucket?pathStyle=true',
      /unknown option "pathStyle" \(known: endpoint, region, forcePathStyle\)/,
    ],
    ['a bad region', 's3://bucket?region=EU%20West', /region=EU West: a region such as eu-west-1/],
  ];
  for (const [name, url, message] of bad) {
    it(`refuses ${name}: ${url}`, () => {
      let error: unknown = null;
      try {
        loadConfig({ GOALIE_EVIDENCE_URL: url });
      } catch (e) {
        error = e;
      }
      expect((error as Error | null)?.message)
        .to.match(/^GOALIE_EVIDENCE_URL /)
        .and.match(message);
      expect((error as Error).message).to.include('s3://bucket/optional/prefix?endpoint=');
    });
  }
});
