// Just enough of the zip format to rewrite a Playwright trace: read every entry (stored or
// deflated) through the central directory, change some, add some, and write them back; an
// unchanged entry keeps its compressed bytes. No zip64 (a trace over 4 GB is refused rather than
// misread). Used by the evidence store (masking) and the agent (the trace's filmstrip).
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflateRaw = promisify(zlib.inflateRaw);
const deflateRaw = promisify(zlib.deflateRaw);

/** One entry as the archive holds it. */
interface RawEntry {
  name: string;
  method: number;
  crc: number;
  size: number;
  compressed: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function entriesOf(zip: Buffer): RawEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('Not a zip file: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('zip64 archives are not supported');
  const entries: RawEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('Corrupt zip: bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new Error('zip64 archives are not supported');
    if (method !== 0 && method !== 8) throw new Error(`Unsupported zip compression method ${method} for ${name}`);
    if (zip.readUInt32LE(localOffset) !== LOCAL) throw new Error(`Corrupt zip: bad local header of ${name}`);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    entries.push({
      name,
      method,
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
      compressed: zip.subarray(start, start + compressedSize),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function content(entry: RawEntry): Promise<Buffer> {
  return entry.method === 8 ? inflateRaw(entry.compressed) : Promise.resolve(Buffer.from(entry.compressed));
}

/** One entry's content, or null when the archive has no entry of that name. */
export async function readZipEntry(zip: Buffer, name: string): Promise<Buffer | null> {
  const entry = entriesOf(zip).find((e) => e.name === name);
  return entry ? content(entry) : null;
}

/** Every entry's name and content. */
export async function readZip(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return Promise.all(entriesOf(zip).map(async (entry) => ({ name: entry.name, data: await content(entry) })));
}

/**
 * The archive with each entry's content passed through `change`, which may take its time
 * (returning the same Buffer keeps the entry as it was), and the `added` entries at its end, stored
 * as they are (images, already compressed).
 */
export async function rewriteZip(
  zip: Buffer,
  change: (name: string, data: Buffer) => Buffer | Promise<Buffer>,
  added: readonly { name: string; data: Buffer }[] = [],
): Promise<Buffer> {
  const entries = await Promise.all(
    entriesOf(zip).map(async (entry): Promise<RawEntry> => {
      const data = await content(entry);
      const changed = await change(entry.name, data);
      if (changed === data) return entry;
      return {
        name: entry.name,
        method: 8,
        crc: zlib.crc32(changed),
        size: changed.length,
        compressed: await deflateRaw(changed),
      };
    }),
  );
  for (const { name, data } of added)
    entries.push({ name, method: 0, crc: zlib.crc32(data), size: data.length, compressed: data });
  return writeZip(entries);
}

function writeZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4); // version needed to extract
    local.writeUInt16LE(0x0800, 6); // the name is UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.compressed);
    central.push(header, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
