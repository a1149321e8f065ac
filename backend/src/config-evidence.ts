// GOALIE_EVIDENCE_URL: where evidence is kept. Unset: the local disk under GOALIE_HOME/evidence.
// s3://bucket/optional/prefix?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true:
// S3-compatible object storage, with credentials from the AWS SDK's default chain.

export type EvidenceLocation = { kind: 'local'; dir: string } | S3Location;

export interface S3Location {
  kind: 's3';
  bucket: string;
  /** '' or a folder ending in '/': every key is placed under it. */
  prefix: string;
  /** An S3-compatible server's address (MinIO, R2, GCS); null: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** Bucket in the path (http://minio:9000/bucket/key) rather than the host name; most servers other than AWS want it. */
  forcePathStyle: boolean;
}

const EXAMPLE = 's3://bucket/optional/prefix?endpoint=http://minio:9000&region=us-east-1&forcePathStyle=true';
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** `fallbackRegion`: AWS_REGION or AWS_DEFAULT_REGION when the URL names none. */
export function parseEvidenceUrl(raw: string, fallbackRegion: string | undefined): S3Location {
  const fail = (what: string): never => {
    throw new Error(
      `GOALIE_EVIDENCE_URL ${what}. It looks like ${EXAMPLE} (or unset it to keep evidence on the local disk); got ${JSON.stringify(raw)}`,
    );
  };
  // A URL parser would quietly resolve dot segments (s3://b/a/../c is s3://b/c): refused first.
  if (
    /\/\.{1,2}(\/|\?|$)/.test(
      raw
        .trim()
        .replace(/^s3:\/\//, '')
        .split('?')[0]!,
    )
  )
    fail('has . or .. in its prefix: name the folder as it is');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('is not a URL');
  }
  if (url.protocol !== 's3:')
    fail(`must start with s3:// (S3-compatible storage is the only other place evidence can live)`);
  if (url.username || url.password)
    fail('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE) instead');
  if (url.hash) fail('must not have a #fragment');
  const bucket = url.hostname;
  if (!bucket) fail('names no bucket: s3://<bucket>/...');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    fail(
      `has the bucket name ${JSON.stringify(bucket)}, which is not one S3 allows (3 to 63 lowercase letters, digits, dots and hyphens)`,
    );
  if (url.port) fail('has a port after the bucket name: put the server in ?endpoint=http://host:port');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (
    path &&
    (!/^[A-Za-z0-9._\-/]+$/.test(path) || path.split('/').some((part) => part === '' || part === '.' || part === '..'))
  ) {
    fail(`has the prefix ${JSON.stringify(path)}: use letters, digits, . _ - and single slashes`);
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name))
      fail(`has the unknown option ${JSON.stringify(name)} (known: endpoint, region, forcePathStyle)`);
  }
  const endpointRaw = url.searchParams.get('endpoint');
  let endpoint: string | null = null;
  if (endpointRaw !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpointRaw);
    } catch {
      // Reported below.
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      fail(`has endpoint=${endpointRaw}, which is not an http(s) address such as http://minio:9000`);
    if (parsed!.username || parsed!.password || parsed!.search || parsed!.hash)
      fail(
        'has an endpoint with credentials, ? or #: give the bare address such as https://<account>.r2.cloudflarestorage.com',
      );
    endpoint = parsed!.href.replace(/\/+$/, '');
  }
  const forcePathStyleRaw = url.searchParams.get('forcePathStyle');
  if (forcePathStyleRaw !== null && forcePathStyleRaw !== 'true' && forcePathStyleRaw !== 'false')
    fail(`has forcePathStyle=${forcePathStyleRaw}: it is true or false`);
  const region = url.searchParams.get('region') ?? fallbackRegion?.trim() ?? '';
  if (url.searchParams.has('region') && !/^[a-z0-9-]+$/.test(region))
    fail(`has region=${region}: a region such as eu-west-1 (auto for Cloudflare R2)`);
  return {
    kind: 's3',
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    // Servers other than AWS mostly ignore the region, but the request signature names one.
    region: region || 'us-east-1',
    forcePathStyle: forcePathStyleRaw === 'true',
  };
}
