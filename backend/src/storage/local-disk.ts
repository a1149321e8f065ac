// Evidence on the local disk under GOALIE_HOME/evidence. Keys are relative paths; nothing outside
// the root can be named.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EvidenceStore } from '../app/ports/evidence.js';
import { maskEvidence } from './mask-evidence.js';

function safePath(root: string, key: string): string {
  if (!/^[A-Za-z0-9._\-/]+$/.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Invalid evidence key ${JSON.stringify(key)}`);
  }
  return path.join(root, key);
}

export function localDiskEvidence(root: string): EvidenceStore {
  return {
    async put(key, data, contentType, secrets) {
      const file = safePath(root, key);
      const masked = await maskEvidence(data, contentType, secrets);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, masked);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      let file: string;
      try {
        file = safePath(root, key);
      } catch {
        return null;
      }
      try {
        const [data, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
        return { data, contentType };
      } catch {
        return null;
      }
    },
  };
}
