// Both evidence stores answer the same way: the local disk, and S3 on a real S3-protocol server.
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import type { EvidenceOpened, EvidenceStore } from '../../../backend/src/app/ports/evidence.js';
import { evidenceStoreKinds } from '../../helpers/evidence-stores.js';

async function bytesOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function read(
  opened: EvidenceOpened | null,
): Promise<{ text: string; opened: Extract<EvidenceOpened, { status: 'ok' }> }> {
  expect(opened?.status).to.equal('ok');
  const ok = opened as Extract<EvidenceOpened, { status: 'ok' }>;
  return { text: await bytesOf(ok.body), opened: ok };
}

const TEXT = '0123456789abcdefghij'; // 20 bytes
const RUN = 'runs/0b7f3c1e-8d2a-4c55-9b1e-5a6f7d8e9f00';

for (const kind of evidenceStoreKinds) {
  describe(`evidence store: ${kind.name}`, () => {
    let store: EvidenceStore;
    let stop: () => Promise<void>;
    before(async () => ({ store, stop } = await kind.start()));
    after(() => stop());

    it('keeps the bytes and the content type, masking secrets first', async () => {
      await store.put(`${RUN}/a/console.txt`, `${TEXT}\npassword S3cr3t Zebra\n`, 'text/plain; charset=utf-8', [
        { value: 'S3cr3t Zebra', placeholder: '{{config.password}}' },
      ]);
      const { text, opened } = await read(await store.open(`${RUN}/a/console.txt`));
      expect(text).to.equal(`${TEXT}\npassword {{config.password}}\n`);
      expect(opened.contentType).to.equal('text/plain; charset=utf-8');
      expect(opened.size).to.equal(Buffer.byteLength(text));
      expect(opened.etag).to.match(/^"[^"]+"$/);
      expect(opened.lastModified.getTime()).to.be.greaterThan(Date.now() - 60_000);
      expect(opened.range).to.equal(undefined);
      const image = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]);
      await store.put(`${RUN}/a/final.jpg`, image, 'image/jpeg', []);
      const again = (await store.open(`${RUN}/a/final.jpg`)) as Extract<EvidenceOpened, { status: 'ok' }>;
      const chunks: Buffer[] = [];
      for await (const chunk of again.body) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).equals(image)).to.equal(true);
      expect(again.contentType).to.equal('image/jpeg');
    });

    const ranges: [string, Parameters<EvidenceStore['open']>[1], string, { start: number; end: number }][] = [
      ['bytes=2-5', { range: { start: 2, end: 5 } }, '2345', { start: 2, end: 5 }],
      ['bytes=15-', { range: { start: 15 } }, 'fghij', { start: 15, end: 19 }],
      ['bytes=-3', { range: { suffix: 3 } }, 'hij', { start: 17, end: 19 }],
      ['bytes=-50 (more than the file)', { range: { suffix: 50 } }, TEXT, { start: 0, end: 19 }],
      ['bytes=18-99 (past the end)', { range: { start: 18, end: 99 } }, 'ij', { start: 18, end: 19 }],
    ];
    for (const [name, options, expected, range] of ranges) {
      it(`streams the range ${name}`, async () => {
        await store.put(`${RUN}/b/trace.zip`, TEXT, 'application/zip', []);
        const { text, opened } = await read(await store.open(`${RUN}/b/trace.zip`, options));
        expect(text).to.equal(expected);
        expect(opened.range).to.deep.equal(range);
        expect(opened.size).to.equal(20);
      });
    }

    it('answers a range past the end as unsatisfiable, with the size', async () => {
      await store.put(`${RUN}/b/trace.zip`, TEXT, 'application/zip', []);
      expect(await store.open(`${RUN}/b/trace.zip`, { range: { start: 20 } })).to.deep.equal({
        status: 'unsatisfiable',
        size: 20,
      });
      expect(await store.open(`${RUN}/b/trace.zip`, { range: { suffix: 0 } })).to.deep.equal({
        status: 'unsatisfiable',
        size: 20,
      });
    });

    it('answers not-modified for its own ETag, the bytes for another', async () => {
      await store.put(`${RUN}/c/step-1.jpg`, 'jpeg bytes', 'image/jpeg', []);
      const { opened } = await read(await store.open(`${RUN}/c/step-1.jpg`));
      expect(await store.open(`${RUN}/c/step-1.jpg`, { ifNoneMatch: opened.etag })).to.deep.equal({
        status: 'not-modified',
        etag: opened.etag,
      });
      const { text } = await read(await store.open(`${RUN}/c/step-1.jpg`, { ifNoneMatch: '"something-else"' }));
      expect(text).to.equal('jpeg bytes');
    });

    it('stores nothing of a trace it cannot rewrite to mask its secrets', async () => {
      // A zip cut short: its entries cannot be read, so the secret in it cannot be masked.
      const cut = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00', 'latin1'), Buffer.from('password S3cr3t Zebra')]);
      let error: unknown = null;
      await store
        .put(`${RUN}/f/trace.zip`, cut, 'application/zip', [
          { value: 'S3cr3t Zebra', placeholder: '{{config.password}}' },
        ])
        .catch((e) => (error = e));
      expect(error, 'the put fails').to.be.an('error');
      expect(await store.open(`${RUN}/f/trace.zip`)).to.equal(null);
    });

    it('has nothing at a missing or invalid key, and refuses to write outside its root', async () => {
      expect(await store.open(`${RUN}/nothing.txt`)).to.equal(null);
      expect(await store.open('../outside.txt')).to.equal(null);
      expect(await store.open('runs//x')).to.equal(null);
      for (const bad of ['../outside.txt', 'runs/../../x', '/absolute', 'spaces in name', 'runs/./x']) {
        let error: unknown = null;
        await store.put(bad, 'x', 'text/plain', []).catch((e) => (error = e));
        expect((error as Error | null)?.message, bad).to.match(/Invalid evidence key/);
      }
    });

    it('deletes keys (gone ones too) and whole folders, leaving the rest', async () => {
      const other = 'reviews/1b7f3c1e-8d2a-4c55-9b1e-5a6f7d8e9f00/checks/1/final.jpg';
      for (const key of [`${RUN}/d/1.txt`, `${RUN}/d/2.txt`, `${RUN}/e/3.txt`, other])
        await store.put(key, key, 'text/plain', []);
      await store.deleteMany([`${RUN}/d/1.txt`, `${RUN}/d/never-was.txt`]);
      expect(await store.open(`${RUN}/d/1.txt`)).to.equal(null);
      expect((await read(await store.open(`${RUN}/d/2.txt`))).text).to.equal(`${RUN}/d/2.txt`);
      await store.deleteMany([`${RUN}/d/1.txt`, '../outside.txt']);
      await store.deleteMany([]);
      await store.deletePrefix(`${RUN}/`);
      expect(await store.open(`${RUN}/d/2.txt`)).to.equal(null);
      expect(await store.open(`${RUN}/e/3.txt`)).to.equal(null);
      expect((await read(await store.open(other))).text).to.equal(other);
      await store.deletePrefix(`${RUN}/`);
      let error: unknown = null;
      await store.deletePrefix('runs').catch((e) => (error = e));
      expect((error as Error | null)?.message).to.match(/Invalid evidence prefix/);
    });
  });
}
