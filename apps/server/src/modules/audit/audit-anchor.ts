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
}

const BATCH = 5000;

/** The signed part of a line, in a fixed order. */
const signedText = (line: Omit<CheckpointLine, 'mac'>) =>
  JSON.stringify([line.v, line.chain, line.from, line.hashes, line.at, line.prev]);

/**
 * One connection's checkpoint file. A process keeps what it last anchored in memory: one writer
 * per data folder (the embedded database already refuses a second server on one folder).
 */
export class AuditAnchor {
  private anchored: AnchoredHashes | null = null;
  private lastMac = '';
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
    const chains = new Map<number, string[]>();
    const result: AnchoredHashes = { chains, lines: 0, problem: null };
    this.lastMac = '';
    if (!existsSync(this.file)) return result;
    const text = readFileSync(this.file, 'utf8');
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      result.lines++;
      const where = `checkpoint file ${path.basename(this.file)}, line ${result.lines}`;
      let line: CheckpointLine;
      try {
        line = JSON.parse(raw) as CheckpointLine;
      } catch {
        result.problem = `${where} is not readable`;
        break;
      }
      const expected = Buffer.from(this.mac(line), 'hex');
      const given = Buffer.from(typeof line.mac === 'string' ? line.mac : '', 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        result.problem = `${where} does not carry its signature (changed, or signed with another key)`;
        break;
      }
      if (line.prev !== this.lastMac) {
        result.problem = `${where} does not follow the line before it (lines removed or reordered)`;
        break;
      }
      const hashes = chains.get(line.chain) ?? [];
      if (line.from !== hashes.length + 1) {
        result.problem = `${where} starts at position ${line.from} of its chain, expected ${hashes.length + 1}`;
        break;
      }
      hashes.push(...line.hashes);
      chains.set(line.chain, hashes);
      this.lastMac = line.mac;
    }
    return result;
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
    if (!this.anchored) this.anchored = this.load();
    if (this.anchored.problem) throw new Error(`Audit checkpoints not written: the ${this.anchored.problem}`);
    let written = 0;
    for (const head of await listChainHeads(db)) {
      const hashes = this.anchored.chains.get(head.chain) ?? [];
      while (hashes.length < head.last_seq) {
        const rows = await listChainHashesAfter(
          db,
          head.chain,
          hashes.length,
          Math.min(BATCH, head.last_seq - hashes.length),
        );
        const from = hashes.length + 1;
        const follows = rows.findIndex(
          (row, i) =>
            row.chain_seq !== from + i ||
            row.prev_hash !== (i === 0 ? (hashes.at(-1) ?? GENESIS_HASH) : rows[i - 1]!.row_hash),
        );
        const taken = follows < 0 ? rows : rows.slice(0, follows);
        if (taken.length > 0) {
          const line = {
            v: 1 as const,
            chain: head.chain,
            from,
            hashes: taken.map((r) => r.row_hash),
            at: now.toISOString(),
            prev: this.lastMac,
          };
          const signed: CheckpointLine = { ...line, mac: this.mac(line) };
          mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
          appendFileSync(this.file, `${JSON.stringify(signed)}\n`, { mode: 0o600 });
          this.lastMac = signed.mac;
          hashes.push(...signed.hashes);
          this.anchored.chains.set(head.chain, hashes);
          written += taken.length;
        }
        if (follows >= 0 || rows.length === 0) {
          throw new Error(
            `Audit chain ${head.chain} does not follow on from its checkpoint at position ${hashes.length}: run Verify on the audit log`,
          );
        }
      }
    }
    return written;
  }
}

/** A connection's checkpoint file name in the data folder: readable, and distinct per connection. */
export function checkpointFile(dataDir: string, connectionName: string): string {
  const safe = connectionName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return path.join(dataDir, 'audit-checkpoints', `${safe}.jsonl`);
}
