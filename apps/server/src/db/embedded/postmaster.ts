import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** postmaster.pid: line 1 the PID, line 8 the state ("ready" once it accepts connections). */
export function readPostmasterPid(databaseDir: string): { pid: number; status: string } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? '').trim() } : null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * When the process started (clock ticks since boot, /proc/<pid>/stat field 22), so a PID the
 * system has since given to another process is not mistaken for ours. Null without /proc.
 */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * True/false when /proc says whether `pid` is a postmaster working in `databaseDir` (PostgreSQL
 * changes into its data folder, so its cwd names the folder even when started with a relative
 * path); null when this system cannot tell.
 */
export function isPostmasterOf(pid: number, databaseDir: string): boolean | null {
  if (!existsSync('/proc/self/cwd')) return null;
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(command) === 'postgres' && readlinkSync(`/proc/${pid}/cwd`) === realpathSync(databaseDir);
  } catch (error) {
    // Another user's process: we may not look, so we cannot tell (and must not treat it as stale).
    return (error as { code?: string }).code === 'EACCES' ? null : false;
  }
}

/**
 * Who started the database in a data folder: this record is written after start and removed
 * after a clean stop, so a live postmaster with a record whose owner is gone is our orphan.
 */
export interface OwnerRecord {
  ownerPid: number;
  ownerStart: string | null;
  postgresPid: number;
  postgresStart: string | null;
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'embedded-pg.owner.json');

export function writeOwner(dataDir: string, postgresPid: number): void {
  const record: OwnerRecord = {
    ownerPid: process.pid,
    ownerStart: startTimeOf(process.pid),
    postgresPid,
    postgresStart: startTimeOf(postgresPid),
  };
  writeFileSync(ownerFile(dataDir), JSON.stringify(record), { mode: 0o600 });
}

export function readOwner(dataDir: string): OwnerRecord | null {
  try {
    return JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as OwnerRecord;
  } catch {
    return null;
  }
}

export function removeOwner(dataDir: string): void {
  rmSync(ownerFile(dataDir), { force: true });
}

/** Same process as recorded: alive and, where /proc tells, started at the recorded time. */
export function isSameProcess(pid: number, start: string | null): boolean {
  return isAlive(pid) && (start === null || startTimeOf(pid) === start);
}

/**
 * Stops a postmaster by PID: fast shutdown (SIGINT: ends sessions, writes a checkpoint), then
 * immediate shutdown (SIGQUIT: crash recovery on next start) if it is still up after
 * `fastMs`. Resolves once the process is gone and it has removed postmaster.pid.
 */
export async function stopPostmaster(pid: number, databaseDir: string, fastMs = 30_000): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const gone = () => !isAlive(pid) && readPostmasterPid(databaseDir)?.pid !== pid;
  const waitGone = async (ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) if (gone()) return true;
    return gone();
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGINT');
  if (await waitGone(fastMs)) return;
  signal('SIGQUIT');
  if (await waitGone(10_000)) return;
  throw new Error(`PostgreSQL (PID ${pid}) did not stop; its lock file is ${pidFile}`);
}

/**
 * A database started by us must not outlive us. PostgreSQL cannot watch its parent, so a tiny
 * detached shell holds one end of a pipe whose other end only this process holds: when this
 * process ends in any way (kill -9, out of memory), the kernel closes it, `read` sees end of
 * file and the shell asks the postmaster for a fast shutdown. Detached, so Ctrl+C in a terminal
 * reaches neither it nor PostgreSQL and the server keeps its own shutdown order.
 */
export function startSentinel(postgresPid: number): { stop(): void } {
  const script = 'while read -r _; do :; done; kill -INT "$1" 2>/dev/null';
  const child = spawn('/bin/sh', ['-c', script, 'hasp-postgres-sentinel', String(postgresPid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the child nor its pipe keeps this process running.
  child.unref();
  (child.stdin as unknown as { unref(): void }).unref();
  child.on('error', () => {});
  child.stdin.on('error', () => {});
  return {
    stop: () => {
      child.kill('SIGKILL');
      child.stdin.destroy();
    },
  };
}
