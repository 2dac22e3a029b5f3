import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * CPU time (ms) of this process and of an embedded PostgreSQL from /proc: on a shared machine the
 * wall time moves with the other agents' load, the CPU a run spends much less (bench/README.md).
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK)

const statFields = (pid: string): string[] | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses: state (3rd field) onward.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // ended between the listing and the read
  }
};

/**
 * The embedded PostgreSQL of `dataDir` (its postmaster.pid names the postmaster) with its children:
 * its own time, what its ended children spent (cutime/cstime) and its live children's (the pooled backends).
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[0]!
    .trim();
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const own = statFields(postmaster)!;
  // Fields from the state: ppid 1, utime 11, stime 12, cutime 13, cstime 14.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields?.[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

/**
 * The CPU time of this process's other children and their descendants (the benches' Chromium: its
 * browser, renderer, network and storage processes), leaving out the subtree of `except` (PostgreSQL).
 * Live processes only: read it while the browser is open.
 */
export function childrenCpuMs(except: number): number {
  const children = new Map<string, string[]>();
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const fields = statFields(pid);
    if (!fields) continue;
    children.set(fields[1]!, [...(children.get(fields[1]!) ?? []), pid]);
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
  }
  let total = 0;
  const walk = (pid: string) => {
    for (const child of children.get(pid) ?? []) {
      if (child === String(except)) continue;
      total += ticks.get(child) ?? 0;
      walk(child);
    }
  };
  walk(String(process.pid));
  return total * TICK_MS;
}

/** The postmaster's process ID (its postmaster.pid file's first line). */
export const postmasterPid = (dataDir: string) =>
  Number(
    readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n')[0]!
      .trim(),
  );

/** This process's CPU time (ms): in the benches the server runs here (buildApp in-process). */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `uptime`'s 1-minute load average, printed with each figure (the machine is shared). */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);
