// A GOALIE_HOME's embedded PostgreSQL on disk: where its cluster lives, and removing the home with it
// (`goalie reset`, and the tests' temporary homes).
//
// The cluster is GOALIE_HOME/postgres/data, or, as root when the postgres user cannot enter the home
// (a home under /root), /var/lib/goalie/postgres-<hash of GOALIE_HOME/postgres> (clusterDir in
// embedded-postgres.ts). The home records which in GOALIE_HOME/postgres/postgres.json (`dataDir`,
// written with the password when the cluster is made): that file is the record read here, so no
// second file can disagree with the one the cluster is started from. Removing the home alone leaves
// a cluster outside it behind, for good: nothing else knows it is there.
//
// The record is hostile input (anyone who can write the home can edit it): a directory outside the
// home is removed only when it is the one place this home's cluster can be outside it (the hash of
// its path), is a directory (not a symlink) and holds a cluster (PG_VERSION). Anything else the
// record names is left alone and reported.
import fs from 'node:fs';
import path from 'node:path';
import { clusterDir } from './embedded-postgres.js';
import { isInitialised, runningPostmaster, type Postmaster } from './postgres-cluster.js';

/** Where the embedded PostgreSQL of GOALIE_HOME keeps its password file and (usually) its cluster. */
export const embeddedDatabaseDir = (home: string): string => path.join(home, 'postgres');

/** What Goalie itself puts in a GOALIE_HOME; `goalie reset` removes these and leaves anything else. */
export const HOME_ENTRIES = ['postgres', 'secret.key', 'evidence'] as const;

/**
 * A directory Goalie made a home of: its password file, or its secret key. Only then are its
 * `postgres` and `evidence` Goalie's (a GOALIE_HOME of /var/lib would otherwise name another
 * PostgreSQL's `postgres`).
 */
export function isGoalieHome(home: string): boolean {
  const isFile = (file: string) => {
    try {
      return fs.lstatSync(file).isFile();
    } catch {
      return false;
    }
  };
  return isFile(path.join(embeddedDatabaseDir(home), 'postgres.json')) || isFile(path.join(home, 'secret.key'));
}

/** Where the cluster of the embedded directory `dir` is when it is not inside it. */
export const outsideClusterDir = (dir: string): string => clusterDir(dir, true, () => false);

export interface ClusterLocation {
  /** The cluster's data directory: recorded, or where it would be. */
  dataDir: string;
  /** It is outside `dir`, so removing `dir` does not remove it. */
  outside: boolean;
  /** A recorded location that cannot be this directory's cluster: never removed. */
  untrusted: string | null;
}

/**
 * Pure: where the cluster of `dir` is, from the `dataDir` its postgres.json records (undefined when
 * there is no readable record). Only the two places a cluster of `dir` can be are believed.
 */
export function clusterLocation(dir: string, recorded: unknown): ClusterLocation {
  const inside = clusterDir(dir, false);
  const outside = outsideClusterDir(dir);
  if (recorded === undefined) return { dataDir: inside, outside: false, untrusted: null };
  if (typeof recorded === 'string' && path.isAbsolute(recorded)) {
    const normal = path.resolve(recorded);
    if (normal === inside) return { dataDir: inside, outside: false, untrusted: null };
    if (normal === outside) return { dataDir: outside, outside: true, untrusted: null };
  }
  return { dataDir: inside, outside: false, untrusted: String(recorded) };
}

/** The `dataDir` recorded in `dir`/postgres.json; undefined when there is no readable record. */
function recordedDataDir(dir: string): unknown {
  try {
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'postgres.json'), 'utf8')) as { dataDir?: unknown };
    return state && typeof state === 'object' ? state.dataDir : undefined;
  } catch {
    return undefined;
  }
}

/** Where the cluster of the embedded directory `dir` (GOALIE_HOME/postgres) lives. */
export function findCluster(dir: string): ClusterLocation {
  const recorded = recordedDataDir(dir);
  // No record (lost, or cut short): a cluster at this directory's own place outside it is still its own.
  if (recorded === undefined && isOwnCluster(outsideClusterDir(dir)))
    return { dataDir: outsideClusterDir(dir), outside: true, untrusted: null };
  return clusterLocation(dir, recorded);
}

/** A directory (not a symlink to one) that holds a PostgreSQL cluster. */
function isOwnCluster(dataDir: string): boolean {
  try {
    return fs.lstatSync(dataDir).isDirectory() && isInitialised(dataDir);
  } catch {
    return false;
  }
}

/** A postmaster running on a cluster of `dir` (either place it can be), if any: someone uses it. */
export function clusterPostmaster(dir: string): Postmaster | null {
  return runningPostmaster(clusterDir(dir, false)) ?? runningPostmaster(outsideClusterDir(dir));
}

/**
 * Removes the cluster of the embedded directory `dir` where it is outside `dir` (inside, it goes
 * with `dir`). Answers the directory removed, or null. The caller makes sure no postmaster runs on it.
 */
export function removeOutsideCluster(dir: string): { removed: string | null; untrusted: string | null } {
  const location = findCluster(dir);
  if (!location.outside || !isOwnCluster(location.dataDir)) return { removed: null, untrusted: location.untrusted };
  fs.rmSync(location.dataDir, { recursive: true, force: true });
  return { removed: location.dataDir, untrusted: location.untrusted };
}

export interface HomeRemoval {
  /** The cluster outside the home that was removed. */
  cluster: string | null;
  /** A recorded cluster location that is not this home's: left alone. */
  untrusted: string | null;
  /** The home's own entries that were removed (HOME_ENTRIES that were there). */
  removed: string[];
  /** Entries Goalie did not make: left, with the home. */
  left: string[];
  /** The home directory itself is gone (it held nothing else). */
  homeRemoved: boolean;
}

/** Removes the home's cluster (first: the record of where it is lives in the home) and Goalie's entries of the home. */
export function removeHome(home: string): HomeRemoval {
  const { removed: cluster, untrusted } = removeOutsideCluster(embeddedDatabaseDir(home));
  const present = (name: string) => fs.existsSync(path.join(home, name)) || isSymlink(path.join(home, name));
  const removed = HOME_ENTRIES.filter(present);
  for (const name of removed) fs.rmSync(path.join(home, name), { recursive: true, force: true });
  let left: string[] = [];
  try {
    left = fs.readdirSync(home).sort();
  } catch {
    return { cluster, untrusted, removed, left, homeRemoved: true };
  }
  // rmdir, not rm: only an empty directory, and never what a symlinked home points into.
  if (left.length === 0 && !isSymlink(home)) fs.rmdirSync(home);
  return { cluster, untrusted, removed, left, homeRemoved: left.length === 0 && !fs.existsSync(home) };
}

function isSymlink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
