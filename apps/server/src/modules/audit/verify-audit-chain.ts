import type { Kysely } from 'kysely';
import type { AuditBrokenRow, AuditVerification } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { readInSnapshot } from '../../platform';
import { listChainHeads, listChainRowsAfter, listChainsWithRows } from './audit-chain.repository';
import type { AuditAnchor } from './audit-anchor';
import { GENESIS_HASH, hashChainedRow } from './audit-hash';

const BATCH = 2000;

interface ChainResult {
  checked: number;
  broken: Omit<AuditBrokenRow, 'facilityID'> | null;
}

/**
 * Walks one chain from position 1: every position present, every row linking to the one before,
 * every row's content giving its hash, and the last row being the head. Stops at the first break.
 */
async function verifyChain(
  db: Db,
  chain: number,
  head: { last_seq: number; last_hash: string } | undefined,
  anchored: readonly string[],
) {
  let checked = 0;
  let seq = 0;
  let previousHash = GENESIS_HASH;
  let lastId: string | null = null;
  const result = (broken: ChainResult['broken']): ChainResult => ({ checked, broken });
  for (;;) {
    const rows = await listChainRowsAfter(db, chain, seq, BATCH);
    for (const row of rows) {
      if (row.chain_seq !== seq + 1) return result({ position: seq + 1, ID: null, reason: 'missing' });
      if (row.prev_hash !== previousHash) return result({ position: row.chain_seq, ID: row.id, reason: 'relinked' });
      if (hashChainedRow(row) !== row.row_hash)
        return result({ position: row.chain_seq, ID: row.id, reason: 'edited' });
      // Consistent in itself but not what the checkpoint outside the database copied: rewritten
      // (or replaced by the next row after a deletion) with the chain recomputed.
      const copied = anchored[row.chain_seq - 1];
      if (copied !== undefined && copied !== row.row_hash)
        return result({ position: row.chain_seq, ID: row.id, reason: 'rewritten' });
      checked++;
      seq = row.chain_seq;
      previousHash = row.row_hash;
      lastId = row.id;
    }
    if (rows.length < BATCH) break;
  }
  // The checkpoints remember rows the table no longer has.
  if (anchored.length > seq) return result({ position: seq + 1, ID: null, reason: 'missing' });
  const headSeq = head?.last_seq ?? 0;
  const headHash = head?.last_hash ?? GENESIS_HASH;
  // The head remembers rows the table no longer has (deleted tail, truncated table).
  if (headSeq > seq) return result({ position: seq + 1, ID: null, reason: 'missing' });
  // Rows past the head, or a last row that is not the one the head recorded.
  if (headSeq < seq || headHash !== previousHash) return result({ position: seq, ID: lastId, reason: 'head' });
  return result(null);
}

/**
 * Verifies the audit trail's hash chains: those of `facilityIds` (null = connection-wide), or
 * every chain when absent. The connection-wide chain is walked first, then facilities by ID; the
 * first break found is `firstBroken`.
 * @example const { ok, firstBroken } = await verifyAuditChains(db, { facilityIds: [null, 1] });
 */
export async function verifyAuditChains(
  db: Kysely<Database>,
  options: { facilityIds?: (number | null)[]; now?: Date; anchor?: AuditAnchor } = {},
): Promise<AuditVerification> {
  // The heads and every chain's rows as of one instant: read one after another, a command that
  // writes between the heads and the walk adds a row past the head, and a busy facility's intact
  // log would read as tampered with.
  return readInSnapshot(db, 'repeatable read', (trx) => verifyInSnapshot(trx, options));
}

async function verifyInSnapshot(
  db: Db,
  options: { facilityIds?: (number | null)[]; now?: Date; anchor?: AuditAnchor },
): Promise<AuditVerification> {
  const anchored = options.anchor?.load() ?? null;
  const heads = new Map((await listChainHeads(db)).map((h) => [h.chain, h]));
  const chains = options.facilityIds
    ? options.facilityIds.map((id) => id ?? 0)
    : [...new Set([...heads.keys(), ...(await listChainsWithRows(db))])];
  chains.sort((a, b) => a - b);
  const checks = [];
  let firstBroken: AuditBrokenRow | null = null;
  for (const chain of [...new Set(chains)]) {
    const { checked, broken } = await verifyChain(db, chain, heads.get(chain), anchored?.chains.get(chain) ?? []);
    const facilityID = chain === 0 ? null : chain;
    checks.push({ facilityID, checked, ok: broken === null });
    if (broken && !firstBroken) firstBroken = { facilityID, ...broken };
  }
  return {
    ok: firstBroken === null,
    checked: checks.reduce((sum, c) => sum + c.checked, 0),
    // eslint-disable-next-line no-restricted-syntax -- a report's own timestamp when no request asks (tools, tests)
    checkedAt: (options.now ?? new Date()).toISOString(),
    chains: checks,
    firstBroken,
    anchor: anchored && {
      checkpoints: anchored.lines,
      anchored: checks.reduce(
        (sum, c) => sum + Math.min(c.checked, anchored.chains.get(c.facilityID ?? 0)?.length ?? 0),
        0,
      ),
      problem: anchored.problem,
    },
  };
}
