import { sql, type Transaction } from 'kysely';
import { lockLabelOutOfUseStatuses, PRINT_LIST_LIMIT, type LockPrintItem, type PrintQueue } from '@hasp/contracts';
import type { Database, Db } from '../../db/schema';
import { lockLockRow } from '../locks';
import { itemCaptionSql } from '../master-lists';
import { findPrintRecord } from './print-records.repository';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const outOfUse = [...lockLabelOutOfUseStatuses];

/**
 * A lock label prints the lock's serial (and the facility's id) and nothing else that can change:
 * its record is current while it printed the serial the lock has now. The stamp is the md5 of the
 * serial, the lockbox label's stamp of one key (lockboxStamp([serial]) in TypeScript).
 */
const labelIsCurrent = sql`(r.printed_keys is not null and r.printed_keys = array[l.serial])`;

/**
 * Lock labels of one queue (decision 0115): locks in use (not lost or retired) never labelled, or
 * labelled with another serial (waiting); or labelled as they are now (printed). By serial.
 */
export async function listQueuedLocks(db: Db, facilityId: number, queue: PrintQueue): Promise<LockPrintItem[]> {
  const { rows } = await sql<LockPrintItem>`
    select 'lock' as kind, l.id as "ID", l.serial as number,
      json_build_object('serial', l.serial, 'kind', l.kind, 'colour', ${itemCaptionSql('m')},
        'owner', o.display_name) as lock,
      ${iso('r.printed_at')} as "printedAt", u.display_name as "printedBy",
      coalesce(r.reprint_count, 0) as "reprintCount", coalesce(r.version, 0) as version, md5(l.serial) as stamp
    from locks l
    left join master_list_items m on m.facility_id = l.facility_id and m.id = l.colour_item_id
    left join users o on o.id = l.owner_id
    left join print_records r on r.facility_id = l.facility_id and r.kind = 'lock' and r.subject_id = l.id
    left join users u on u.id = r.printed_by
    where l.facility_id = ${facilityId} and not (l.status = any(${outOfUse}::text[]))
      and ${queue === 'waiting' ? sql`(r.subject_id is null or not ${labelIsCurrent})` : sql`r.subject_id is not null and ${labelIsCurrent}`}
    order by lower(l.serial), l.id
    limit ${PRINT_LIST_LIMIT + 1}`.execute(db);
  return rows;
}

/** The facility's locks among `ids` as a label prints them: id, serial, status. */
export async function listLockLabelRows(
  db: Db,
  facilityId: number,
  ids: readonly number[],
): Promise<{ id: number; serial: string; status: string }[]> {
  return db
    .selectFrom('locks')
    .select(['id', 'serial', 'status'])
    .where('facility_id', '=', facilityId)
    .where('id', 'in', [...ids])
    .execute();
}

/** The locks among `ids` whose label is printed as they are now (listed under Printed). */
export async function labelledLockIds(db: Db, facilityId: number, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ id: number }>`
    select l.id from locks l
    join print_records r on r.facility_id = l.facility_id and r.kind = 'lock' and r.subject_id = l.id
    where l.facility_id = ${facilityId} and l.id = any(${[...ids]}::int[]) and ${labelIsCurrent}`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/**
 * The lock, locked (the locks module's FOR UPDATE of its row: its serial cannot change while it is
 * recorded), with its print record.
 */
export async function lockLockForPrint(trx: Transaction<Database>, facilityId: number, lockId: number) {
  const lock = await lockLockRow(trx, facilityId, lockId);
  return lock && { lock, record: await findPrintRecord(trx, facilityId, 'lock', lockId) };
}
