// Evidence on the local disk under GOALIE_HOME/evidence. Keys are relative paths; nothing outside
// the root can be named. The content type is kept beside each file (`<file>.type`).
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EvidenceStore } from '../app/ports/evidence.js';
import { checkKey, checkPrefix, etagMatches, isValidKey, resolveRange } from './evidence-keys.js';
import { maskEvidence } from './mask-evidence.js';

export function localDiskEvidence(root: string): EvidenceStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data, contentType, secrets) {
      const file = fileOf(key);
      const masked = await maskEvidence(data, contentType, secrets);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, masked);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async open(key, options = {}) {
      if (!isValidKey(key)) return null;
      const file = fileOf(key);
      let stat: import('node:fs').Stats;
      let contentType: string;
      try {
        [stat, contentType] = await Promise.all([fs.stat(file), fs.readFile(`${file}.type`, 'utf8')]);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      // Evidence is written once and never changed in place: its size and time tell versions apart.
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (etagMatches(options.ifNoneMatch, etag)) return { status: 'not-modified', etag };
      const range = options.range ? resolveRange(options.range, stat.size) : undefined;
      if (range === null) return { status: 'unsatisfiable', size: stat.size };
      const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return {
        status: 'ok',
        body,
        contentType,
        size: stat.size,
        etag,
        lastModified: stat.mtime,
        ...(range ? { range } : {}),
      };
    },
    async deleteMany(keys) {
      for (const key of keys.filter(isValidKey)) {
        const file = fileOf(key);
        await fs.rm(file, { force: true });
        await fs.rm(`${file}.type`, { force: true });
      }
    },
    async deletePrefix(prefix) {
      await fs.rm(path.join(root, checkPrefix(prefix)), { recursive: true, force: true });
    },
  };
}
