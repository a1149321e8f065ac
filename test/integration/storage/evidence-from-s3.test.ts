// A real run whose screenshots and trace go to S3 (s3rver on 127.0.0.1, chosen by
// GOALIE_EVIDENCE_URL with the AWS variables, as an operator sets them) and are served by the
// dashboard from there: ETag and 304, Range and 206, 416, and nothing on the local disk.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../../backend/src/config.js';
import { openEvidence, startWorker, type RunningWorker } from '../../../backend/src/main.js';
import { visitor, type Visitor } from '../../helpers/dashboard.js';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server.js';
import { startTestService, type TestService } from '../../helpers/service.js';
import { html, startSite, type Site } from '../../helpers/site.js';
import { waitFor } from '../../helpers/wait.js';

const project = (siteUrl: string) => `
organization: { name: Bucketed }
project: { name: bucketed }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
  - name: Home
    application: Site
    goal: Go to /
    expectedResult: "'All good' is shown"
testPlans:
  - name: All
    default: true
    testCases: [Home]
`;

describe('evidence in S3, served by the dashboard', function () {
  this.timeout(180_000);
  let s3: TestS3Server;
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let viewer: Visitor;
  let evidence: { kind: string; key: string; contentType: string }[];
  const saved: Record<string, string | undefined> = {};

  before(async () => {
    s3 = await startS3Server();
    // The SDK's default chain reads the credentials from the environment, as in production.
    for (const [name, value] of Object.entries(s3.env)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    site = await startSite({ '/': html('Home', '<main><h1>Home</h1><p>All good</p></main>') });
    service = await startTestService({ GOALIE_EVIDENCE_URL: s3.url });
    const applied = await service.apply(project(site.url));
    viewer = await visitor(service, { organizationId: applied.organization.id, role: 'viewer' });
    worker = await startWorker(service.runtime);
    const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
    await waitFor(
      'the burn-in',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      90_000,
      100,
    );
    const api = service.client(await service.token('bucketed'));
    const started = await api.post('/v1/run', {});
    expect(started.status, JSON.stringify(started.body)).to.equal(200);
    const run = await waitFor(
      'the run to end',
      async () => {
        const res = await api.get(`/v1/run/${started.body.run.shortId}`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      90_000,
      100,
    );
    expect(run).to.include({ status: 'COMPLETED', result: 'PASSED' });
    [{ evidence }] = await q(
      `SELECT evidence FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1)`,
      [started.body.run.shortId],
    );
    // The verdict is recorded before the trace's bytes are written (the worker goes on meanwhile):
    // wait until every listed piece is in the bucket.
    await waitFor('the evidence in the bucket', async () => {
      const keys = await s3.keys();
      return evidence.every((e) => keys.includes(`test/${e.key}`));
    });
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
    await s3?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const item = (kind: string) => {
    const found = evidence.find((e) => e.kind === kind);
    expect(found, `${kind} in ${JSON.stringify(evidence)}`).to.not.equal(undefined);
    return found!;
  };

  it('keeps every piece in the bucket under the prefix, none on the local disk', async () => {
    const keys = await s3.keys();
    for (const e of evidence) expect(keys).to.include(`test/${e.key}`);
    expect(keys.some((k) => k.endsWith('.type'))).to.equal(false);
    expect(fs.existsSync(path.join(service.home, 'evidence'))).to.equal(false);
  });

  it('serves a screenshot with its content type and ETag, and 304 for that ETag', async () => {
    const shot = item('screenshot');
    const res = await viewer.fetch(`/evidence/${shot.key}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/jpeg');
    expect(res.headers.get('cache-control')).to.match(/^private/);
    expect(res.headers.get('accept-ranges')).to.equal('bytes');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xff, 0xd8, 0xff]);
    expect(Number(res.headers.get('content-length'))).to.equal(bytes.length);
    const etag = res.headers.get('etag')!;
    expect(etag).to.match(/^"[^"]+"$/);
    const head = await viewer.fetch(`/evidence/${shot.key}`, { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers.get('etag')).to.equal(etag);
    expect(Number(head.headers.get('content-length'))).to.equal(bytes.length);
    const again = await viewer.fetch(`/evidence/${shot.key}`, { headers: { 'if-none-match': etag } });
    expect(again.status).to.equal(304);
    expect(again.headers.get('etag')).to.equal(etag);
    expect(await again.text()).to.equal('');
    const changed = await viewer.fetch(`/evidence/${shot.key}`, { headers: { 'if-none-match': '"not-this-one"' } });
    expect(changed.status).to.equal(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(bytes)).to.equal(true);
  });

  it('serves ranges of the trace with 206, and 416 past its end', async () => {
    const trace = item('trace');
    const whole = await viewer.fetch(`/evidence/${trace.key}`);
    expect(whole.status).to.equal(200);
    expect(whole.headers.get('content-type')).to.equal('application/zip');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).to.equal('PK');
    const size = bytes.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-20', size - 20, size - 1],
    ];
    for (const [header, start, end] of cases) {
      const res = await viewer.fetch(`/evidence/${trace.key}`, { headers: { range: header } });
      expect(res.status, header).to.equal(206);
      expect(res.headers.get('content-range'), header).to.equal(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get('accept-ranges')).to.equal('bytes');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(start, end + 1)), header).to.equal(true);
    }
    const outside = await viewer.fetch(`/evidence/${trace.key}`, { headers: { range: `bytes=${size}-` } });
    expect(outside.status).to.equal(416);
    expect(outside.headers.get('content-range')).to.equal(`bytes */${size}`);
    // Several ranges: the whole file.
    const several = await viewer.fetch(`/evidence/${trace.key}`, { headers: { range: 'bytes=0-1,5-6' } });
    expect(several.status).to.equal(200);
    expect(Buffer.from(await several.arrayBuffer()).length).to.equal(size);
  });

  it('keeps the access checks: signed out is sent to sign in, a missing key is 404', async () => {
    const shot = item('screenshot');
    const signedOut = await fetch(`${service.baseUrl}/evidence/${shot.key}`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(signedOut.status).to.equal(302);
    expect((await viewer.fetch(`/evidence/${shot.key.replace(/[^/]+$/, 'missing.jpg')}`)).status).to.equal(404);
  });

  it('refuses to start on a bucket that does not exist, saying so', async () => {
    const config = loadConfig({
      GOALIE_EVIDENCE_URL: s3.url.replace(`s3://${s3.bucket}/`, 's3://no-such-bucket/'),
      GOALIE_HOME: service.home,
    });
    let error: unknown = null;
    await openEvidence(config).catch((e) => (error = e));
    expect((error as Error | null)?.message).to.match(
      /GOALIE_EVIDENCE_URL: cannot reach the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: it does not exist/,
    );
  });
});
