// Temporary GOALIE_HOMEs (and bare embedded directories) removed with their PostgreSQL cluster. As
// root, a home the postgres user cannot enter (mkdtemp makes it 0700) keeps its cluster in
// /var/lib/goalie (backend/src/persistence/embedded-home.ts), which removing the home alone leaves
// behind: an afternoon of test servers once left 852 MB there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  clusterPostmaster,
  embeddedDatabaseDir,
  removeOutsideCluster,
} from '../../backend/src/persistence/embedded-home.js';
import { stopPostmaster } from '../../backend/src/persistence/postgres-cluster.js';

/**
 * A new temporary directory. `enterable` (the default): others may enter it, so as root the cluster
 * of a home there stays inside it, as under /tmp; false: private, as a home under /root.
 */
export function tempDir(prefix: string, { enterable = true } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (enterable) fs.chmodSync(dir, 0o755);
  return dir;
}

/** Removes the embedded directory `dir` (GOALIE_HOME/postgres, or one of its own) and its cluster, wherever that lives. */
export async function removeEmbeddedDir(dir: string): Promise<void> {
  // A postmaster a failed test left running would keep writing into what is removed.
  const postmaster = clusterPostmaster(dir);
  if (postmaster) await stopPostmaster(postmaster);
  removeOutsideCluster(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Removes `root` (a GOALIE_HOME, or a directory holding one at `home`) and the home's cluster. */
export async function removeEmbeddedHome(root: string, home = root): Promise<void> {
  await removeEmbeddedDir(embeddedDatabaseDir(home));
  fs.rmSync(root, { recursive: true, force: true });
}
