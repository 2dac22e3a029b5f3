import { createHmac, timingSafeEqual } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listChainHeads, listChainHashesAfter } from './audit-chain.repository';
import { GENESIS_HASH } from './audit-hash';

/*
 * The audit trail's anchor outside the database (docs/decisions/0087-database-roles-and-audit-anchor.md).
 * Whoever holds the database's owner credentials can rewrite a row and recompute every hash after
 * it; the chain alone then verifies. So each row's hash is also copied, soon after it is written,
 * into a checkpoint file in the data folder, each line signed (HMAC-SHA256) with a key the
 * database never sees and linked to the line before it. Verify compares the chain with these
 * copies and names the first row that no longer matches.
 */

/** One line of a checkpoint file: the hashes of positions from, from+1, … of one chain. */
interface CheckpointLine {
  v: 1;
  chain: number;
  from: number;
  hashes: string[];
  at: string;
  /** The previous line's mac ('' for the first): a removed or reordered line breaks the link. */
  prev: string;
  mac: string;
}

/** What the checkpoints say: each chain's anchored hashes by position (index 0 = position 1). */
export interface AnchoredHashes {
  chains: Map<number, string[]>;
  /** Lines read; a problem with the file itself (a line that fails its signature or link). */
  lines: number;
  problem: string | null;
  /** The last good line's mac: what the next line links to. */
  lastMac: string;
}

const BATCH = 5000;

/** The signed part of a line, in a fixed order. */
const signedText = (line: Omit<CheckpointLine, 'mac'>) =>
  JSON.stringify([line.v, line.chain, line.from, line.hashes, line.at, line.prev]);

/** How many of `rows` (the positions after `from - 1`) follow on: contiguous and each linked to the one before. */
function followingOn(
  rows: { chain_seq: number; prev_hash: string; row_hash: string }[],
  from: number,
  previous: string,
) {
  let n = 0;
  for (const row of rows) {
    if (row.chain_seq !== from + n || row.prev_hash !== previous) break;
    previous = row.row_hash;
    n++;
  }
  return n;
}

/**
 * One connection's checkpoint file. The process that writes it keeps what it anchored in memory:
 * one writer per data folder (the embedded database already refuses a second server on one folder).
 */
export class AuditAnchor {
  /** The writer's state, read from the file on the first checkpoint. */
  private written: AnchoredHashes | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly file: string,
    private readonly key: string,
  ) {}

  private mac(line: Omit<CheckpointLine, 'mac'>): string {
    return createHmac('sha256', this.key).update(signedText(line)).digest('hex');
  }

  /** Reads and checks the file: every line's signature and link, chains contiguous from position 1. */
  load(): AnchoredHashes {
    const result: AnchoredHashes = { chains: new Map(), lines: 0, problem: null, lastMac: '' };
    if (!existsSync(this.file)) return result;
    const text = readFileSync(this.file, 'utf8');
    // Up to the last newline: a line being appended right now is not a damaged one.
    for (const raw of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) {
      if (raw === '') continue;
      result.lines++;
      result.problem = this.lineProblem(raw, result);
      if (result.problem) break;
    }
    return result;
  }

  /** Why a line cannot be taken (and then nothing after it is); takes it into `into` otherwise. */
  private lineProblem(raw: string, into: AnchoredHashes): string | null {
    const where = `checkpoint file ${path.basename(this.file)}, line ${into.lines}`;
    let line: CheckpointLine;
    try {
      line = JSON.parse(raw) as CheckpointLine;
    } catch {
      return `${where} is not readable`;
    }
    const expected = Buffer.from(this.mac(line), 'hex');
    const given = Buffer.from(typeof line.mac === 'string' ? line.mac : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return `${where} does not carry its signature (changed, or signed with another key)`;
    }
    if (line.prev !== into.lastMac) return `${where} does not follow the line before it (lines removed or reordered)`;
    const hashes = into.chains.get(line.chain) ?? [];
    if (line.from !== hashes.length + 1) {
      return `${where} starts at position ${line.from} of its chain, expected ${hashes.length + 1}`;
    }
    hashes.push(...line.hashes);
    into.chains.set(line.chain, hashes);
    into.lastMac = line.mac;
    return null;
  }

  /**
   * Appends the hashes of every row written since the last checkpoint. A chain whose new rows do
   * not follow on from its last checkpoint (a gap, or a different hash where they meet) is not
   * anchored further: Verify shows where it breaks. Returns the rows anchored.
   */
  checkpoint(db: Kysely<Database>, now: Date): Promise<number> {
    // One at a time: a timer tick and a shutdown must not write the same rows twice.
    const previous = this.running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.appendNew(db, now));
    this.running = next;
    return next;
  }

  private async appendNew(db: Kysely<Database>, now: Date): Promise<number> {
    if (!this.written) {
      this.written = this.load();
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    }
    const state = this.written;
    if (state.problem) throw new Error(`Audit checkpoints not written: the ${state.problem}`);
    let count = 0;
    for (const head of await listChainHeads(db)) {
      const hashes = state.chains.get(head.chain) ?? [];
      state.chains.set(head.chain, hashes);
      while (hashes.length < head.last_seq) {
        const from = hashes.length + 1;
        const rows = await listChainHashesAfter(
          db,
          head.chain,
          hashes.length,
          Math.min(BATCH, head.last_seq - hashes.length),
        );
        const taken = rows.slice(0, followingOn(rows, from, hashes.at(-1) ?? GENESIS_HASH));
        if (taken.length > 0) {
          const line = {
            v: 1 as const,
            chain: head.chain,
            from,
            hashes: taken.map((r) => r.row_hash),
            at: now.toISOString(),
            prev: state.lastMac,
          };
          const signed: CheckpointLine = { ...line, mac: this.mac(line) };
          appendFileSync(this.file, `${JSON.stringify(signed)}\n`, { mode: 0o600 });
          state.lastMac = signed.mac;
          hashes.push(...signed.hashes);
          count += taken.length;
        }
        if (taken.length < rows.length || rows.length === 0) {
          throw new Error(
            `Audit chain ${head.chain} does not follow on from its checkpoint at position ${hashes.length}: run Verify on the audit log`,
          );
        }
      }
    }
    return count;
  }
}

/** A connection's checkpoint file name in the data folder: readable, and distinct per connection. */
export function checkpointFile(dataDir: string, connectionName: string): string {
  // Names are unique ignoring case; encoding keeps "Plant 2" and "Plant-2" apart.
  return path.join(dataDir, 'audit-checkpoints', `${encodeURIComponent(connectionName.toLowerCase())}.jsonl`);
}
