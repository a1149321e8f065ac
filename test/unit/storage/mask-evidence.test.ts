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

  it('masks 4 MB of backslashes, in a trace entry or a file, letting the event loop run while it masks', async () => {
    const filler = '\\'.repeat(2_000_000);
    const body = `${filler}"S3cr3t\\u0020Zebra"${filler}`;
    const expected = `${filler}"{{config.password}}"${filler}`;
    fs.writeFileSync(path.join(dir, 'resource'), body);
    execFileSync('zip', ['-q', 'in.zip', 'resource'], { cwd: dir });
    const zipped = (await maskEvidence(
      fs.readFileSync(path.join(dir, 'in.zip')),
      'application/zip',
      secrets,
    )) as Buffer;
    expect((await readZip(zipped))[0]!.data.toString() === expected).to.equal(true);
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const masked = await maskEvidence(Buffer.from(body), 'text/plain', secrets);
    ticking = false;
    expect(masked.toString() === expected).to.equal(true);
    expect(ticks, 'times the event loop ran while masking').to.be.greaterThan(2);
  });

  it('masks bodies that are no UTF-8: UTF-16 in either byte order, a form posted in windows-1252', async () => {
    const value = 'Grüße S3cr3t';
    const le = Buffer.from(`\ufeff${value}!`, 'utf16le');
    const be = Buffer.from(le).swap16();
    const mask = (data: Buffer, secret = value) =>
      maskEvidence(data, 'application/octet-stream', [{ value: secret, placeholder: '{{config.password}}' }]);
    expect(((await mask(le)) as Buffer).toString('latin1')).to.equal('\xff\xfe{{config.password}}!\x00');
    // Its bytes hold the little-endian form too, one byte on: the two stretches become one.
    expect(((await mask(be)) as Buffer).toString('latin1')).to.be.oneOf([
      '\xfe\xff{{config.password}}\x00!',
      '\xfe\xff{{config.password}}!',
    ]);
    const windows1252 = Buffer.from('password=Preis\x80\x932024\x94&go=1', 'latin1');
    expect(((await mask(windows1252, 'Preis€“2024”')) as Buffer).toString('latin1')).to.equal(
      'password={{config.password}}&go=1',
    );
  });
});
