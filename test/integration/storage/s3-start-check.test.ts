// The start-up check of GOALIE_EVIDENCE_URL's bucket, against a real S3-protocol server: each way it
// can fail says what to fix. And the AWS SDK's Node version warning stays out of the terminal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { s3Evidence } from '../../../backend/src/storage/s3-evidence.js';
import { freePort } from '../../../backend/src/persistence/embedded-postgres.js';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server.js';

const run = promisify(execFile);

describe('S3 evidence: the start-up check', function () {
  this.timeout(60_000);
  let s3: TestS3Server;
  before(async () => (s3 = await startS3Server()));
  after(() => s3?.close());

  const failure = async (check: () => Promise<void>) => {
    let error: unknown = null;
    await check().catch((e) => (error = e));
    return (error as Error | null)?.message ?? '';
  };

  it('passes for the bucket with good credentials', async () => {
    await s3.store().check();
  });

  it('names a missing bucket, refused credentials and a server that does not answer', async () => {
    const missing = s3Evidence({ ...s3.location, bucket: 'not-there' }, { credentials: s3.credentials });
    expect(await failure(() => missing.check())).to.match(
      /^GOALIE_EVIDENCE_URL: cannot reach the bucket not-there at http:\/\/127\.0\.0\.1:\d+: it does not exist: create it, or correct the bucket name\.$/,
    );
    const refused = s3Evidence(s3.location, { credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } });
    expect(await failure(() => refused.check())).to.match(
      /the credentials may not use it: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    const port = await freePort();
    const away = s3Evidence({ ...s3.location, endpoint: `http://127.0.0.1:${port}` }, { credentials: s3.credentials });
    expect(await failure(() => away.check())).to.match(
      new RegExp(
        `at http://127\\.0\\.0\\.1:${port}: it did not answer \\(.+\\): check the endpoint, region and network\\.$`,
      ),
    );
    for (const store of [missing, refused, away]) store.close();
  });

  it('keeps the SDK warning about Node versions out of the terminal, unless asked for', async () => {
    const script = `import { s3Evidence } from './backend/src/storage/s3-evidence.ts';
      const store = s3Evidence(${JSON.stringify(s3.location)}, { credentials: ${JSON.stringify(s3.credentials)} });
      await store.check();
      store.close();`;
    const node = (env: Record<string, string>) =>
      run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, ...env },
      });
    const quiet = await node({});
    expect(quiet.stderr).not.to.include('NodeVersionSupportWarning');
    if (Number(process.versions.node.split('.')[0]) < 22) {
      const loud = await node({ AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'false' });
      expect(loud.stderr).to.include('NodeVersionSupportWarning');
    }
  });
});
