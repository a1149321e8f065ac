import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { maskEvidence } from '../../../backend/src/storage/mask-evidence.js';
import { readZip } from '../../../backend/src/zip.js';

const secrets = [{ value: 'S3cr3t Zebra', placeholder: '{{config.password}}' }];

describe('masking evidence before it is stored', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mask-evidence-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('rewrites every entry of a zip made by zip(1), stored or deflated, into one unzip(1) reads', async function () {
    if (!fs.existsSync('/usr/bin/zip') || !fs.existsSync('/usr/bin/unzip')) this.skip();
    fs.writeFileSync(path.join(dir, 'trace.trace'), `{"method":"fill","params":{"value":"S3cr3t Zebra"}}\n`.repeat(50));
    fs.mkdirSync(path.join(dir, 'resources'));
    fs.writeFileSync(path.join(dir, 'resources', 'body'), 'email=a%40b.c&password=S3cr3t+Zebra');
    fs.writeFileSync(path.join(dir, 'tiny'), 'S3cr3t%20Zebra');
    execFileSync('zip', ['-q', '-r', 'in.zip', 'trace.trace', 'resources'], { cwd: dir });
    execFileSync('zip', ['-q', '-0', 'in.zip', 'tiny'], { cwd: dir });
    const masked = (await maskEvidence(
      fs.readFileSync(path.join(dir, 'in.zip')),
      'application/zip',
      secrets,
    )) as Buffer;
    fs.writeFileSync(path.join(dir, 'out.zip'), masked);
    execFileSync('unzip', ['-tq', 'out.zip'], { cwd: dir });
    const text = execFileSync('unzip', ['-p', 'out.zip'], { cwd: dir }).toString();
    expect(text).not.to.match(/S3cr3t/);
    expect(text).to.include('"value":"{{config.password}}"').and.include('password={{config.password}}');
    const entries = await readZip(masked);
    expect(entries.map((e) => e.name)).to.deep.equal(['trace.trace', 'resources/', 'resources/body', 'tiny']);
    // An entry without a secret keeps its bytes (and its compression: stored stays stored).
    fs.writeFileSync(path.join(dir, 'plain'), 'nothing to hide');
    execFileSync('zip', ['-q', '-0', 'in.zip', 'plain'], { cwd: dir });
    const again = (await maskEvidence(fs.readFileSync(path.join(dir, 'in.zip')), 'application/zip', secrets)) as Buffer;
    expect(again.includes('nothing to hide')).to.equal(true);
    expect((await readZip(again)).find((e) => e.name === 'plain')!.data.toString()).to.equal('nothing to hide');
  });

  it('masks text files; leaves images, and evidence without secrets, as they are', async () => {
    expect(await maskEvidence('GET /s?q=S3cr3t%20Zebra → HTTP 404\n', 'text/plain; charset=utf-8', secrets)).to.equal(
      'GET /s?q={{config.password}} → HTTP 404\n',
    );
    const jpeg = Buffer.from('\xff\xd8S3cr3t Zebra', 'latin1');
    expect(await maskEvidence(jpeg, 'image/jpeg', secrets)).to.equal(jpeg);
    expect(await maskEvidence(Buffer.from('S3cr3t Zebra'), 'application/octet-stream', [])).to.deep.equal(
      Buffer.from('S3cr3t Zebra'),
    );
    const refused = await maskEvidence(Buffer.from('not a zip'), 'application/zip', secrets).then(
      () => null,
      (error: Error) => error,
    );
    expect(refused?.message).to.match(/Not a zip/);
  });
});
