import { createHash } from 'node:crypto';
import type { ChainedRow } from './audit-chain.repository';

/** The hash the first row of a chain links to. */
export const GENESIS_HASH = '0'.repeat(64);

// Length-prefixed, so no two different rows serialize alike; "-;" for null.
const part = (value: string | null) => (value === null ? '-;' : `${Buffer.byteLength(value, 'utf8')}:${value};`);

/**
 * The row's hash, computed here independently of the database's audit_row_hash() (migration
 * 2026-11-24T1100-audit-chain), which must serialize the same fields in the same order.
 */
export function hashChainedRow(row: ChainedRow): string {
  const text =
    'hasp-audit-v1;' +
    [
      row.id,
      String(row.chain),
      String(row.chain_seq),
      row.occurred_micros,
      row.facility_id,
      row.user_id,
      row.action,
      row.entity_type,
      row.entity_id,
      row.field,
      row.before_text,
      row.after_text,
      row.address,
      row.device_id,
      row.request_id,
      row.reason,
      row.device_micros,
      row.sync_micros,
      row.prev_hash,
    ]
      .map(part)
      .join('');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
