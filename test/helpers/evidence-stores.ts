// Both evidence stores, each started fresh, for tests that must hold for either: the local disk in a
// temporary folder, and S3 on a real S3-protocol server (s3rver).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EvidenceStore } from '../../backend/src/app/ports/evidence.js';
import { localDiskEvidence } from '../../backend/src/storage/local-disk.js';
import { startS3Server } from './s3-server.js';

export interface EvidenceStoreKind {
  name: string;
  start(): Promise<{ store: EvidenceStore; stop(): Promise<void> }>;
}

export const evidenceStoreKinds: EvidenceStoreKind[] = [
  {
    name: 'local disk',
    async start() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-evidence-'));
      return { store: localDiskEvidence(dir), stop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const server = await startS3Server();
      return { store: server.store(), stop: () => server.close() };
    },
  },
];
