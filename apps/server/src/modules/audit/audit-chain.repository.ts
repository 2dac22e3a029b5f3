import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** One chained row as text, exactly as the hash covers it (times in microseconds since the epoch). */
export interface ChainedRow {
  id: string;
  chain: number;
  chain_seq: number;
  occurred_micros: string;
  facility_id: string | null;
  user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  field: string | null;
  before_text: string | null;
  after_text: string | null;
  address: string | null;
  device_id: string | null;
  request_id: string | null;
  reason: string | null;
  device_micros: string | null;
  sync_micros: string | null;
  prev_hash: string;
  row_hash: string;
}

const micros = (column: string) => sql<string | null>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;

/** One chain's rows after a position, in chain order (keyset paging along audit_log_chain_seq_idx). */
const chainAfter = (db: Db, chain: number, afterSeq: number, limit: number) =>
  db
    .selectFrom('audit_log')
    .where('chain', '=', chain)
    .where('chain_seq', '>', afterSeq)
    .orderBy('chain_seq')
    .limit(limit);

/** The rows of one chain after a position, whole, as the hash covers them. */
export function listChainRowsAfter(db: Db, chain: number, afterSeq: number, limit: number): Promise<ChainedRow[]> {
  return chainAfter(db, chain, afterSeq, limit)
    .select([
      sql<string>`id::text`.as('id'),
      'chain',
      'chain_seq',
      micros('occurred_at').$castTo<string>().as('occurred_micros'),
      sql<string | null>`facility_id::text`.as('facility_id'),
      sql<string | null>`user_id::text`.as('user_id'),
      'action',
      'entity_type',
      'entity_id',
      'field',
      sql<string | null>`before::text`.as('before_text'),
      sql<string | null>`after::text`.as('after_text'),
      'address',
      'device_id',
      'request_id',
      'reason',
      micros('device_time').as('device_micros'),
      micros('sync_time').as('sync_micros'),
      'prev_hash',
      'row_hash',
    ])
    .execute();
}

/** Positions, links and hashes of one chain's rows after a position, in order (the checkpoints' read). */
export function listChainHashesAfter(db: Db, chain: number, afterSeq: number, limit: number) {
  return chainAfter(db, chain, afterSeq, limit).select(['chain_seq', 'prev_hash', 'row_hash']).execute();
}

/** Each chain's recorded head (last position and hash). */
export function listChainHeads(db: Db) {
  return db.selectFrom('audit_chain_heads').select(['chain', 'last_seq', 'last_hash']).orderBy('chain').execute();
}

/** Chains that have rows, whether or not they have a head. */
export async function listChainsWithRows(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('audit_log').select('chain').distinct().execute();
  return rows.map((r) => r.chain);
}
