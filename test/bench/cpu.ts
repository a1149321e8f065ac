// CPU time spent by this process and everything it started (the service, both Chromiums and their
// renderers, the embedded PostgreSQL and its backends), read from /proc. On a machine shared with
// other work the wall time of a phase depends on what else runs; its CPU time much less.
import fs from 'node:fs';
import os from 'node:os';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on every Linux the bench runs on

/** utime + stime of a process, plus cutime + cstime: the children it has already reaped. */
function stat(pid: string): { ppid: string; ms: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields follow its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { ppid: fields[1]!, ms: ticks * TICK_MS };
  } catch {
    return null; // it exited meanwhile
  }
}

/** Where CPU goes: this Node process (the service and the bench's own Playwright client), the browsers, PostgreSQL. */
export type CpuKind = 'node' | 'chromium' | 'postgres' | 'other';

function kindOf(pid: string): CpuKind {
  if (pid === String(process.pid)) return 'node';
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // it exited meanwhile
  }
  if (/chrom/i.test(command)) return 'chromium';
  if (/postgres/.test(command)) return 'postgres';
  return 'other';
}

export interface TreeCpu {
  total: number;
  byKind: Record<CpuKind, number>;
}

/**
 * CPU milliseconds so far of this process tree, by kind, or null where /proc is missing. A process
 * that exits moves into its parent's reaped children (a renderer into Chromium's, a backend into
 * PostgreSQL's), so the difference between two readings counts it once, whenever it ended.
 */
export function treeCpu(): TreeCpu | null {
  if (os.platform() !== 'linux') return null;
  const parents = new Map<string, string>();
  const own = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const s = stat(pid);
    if (!s) continue;
    parents.set(pid, s.ppid);
    own.set(pid, s.ms);
  }
  const root = String(process.pid);
  const inTree = (pid: string) => {
    for (let p: string | undefined = pid, depth = 0; p && depth < 64; p = parents.get(p), depth++)
      if (p === root) return true;
    return false;
  };
  const cpu: TreeCpu = { total: 0, byKind: { node: 0, chromium: 0, postgres: 0, other: 0 } };
  for (const [pid, ms] of own) {
    if (!inTree(pid)) continue;
    cpu.total += ms;
    cpu.byKind[kindOf(pid)] += ms;
  }
  return cpu;
}

/** Runs `work` and returns its result with the CPU milliseconds the tree spent meanwhile. */
export async function withCpu<T>(work: () => Promise<T>): Promise<{ value: T; cpu: TreeCpu | null }> {
  const before = treeCpu();
  const value = await work();
  const after = treeCpu();
  if (!before || !after) return { value, cpu: null };
  const byKind = Object.fromEntries(
    Object.entries(after.byKind).map(([kind, ms]) => [kind, ms - before.byKind[kind as CpuKind]]),
  ) as Record<CpuKind, number>;
  return { value, cpu: { total: after.total - before.total, byKind } };
}
