import type { Insertable, Selectable } from 'kysely';
import type { Db, SyncCommandTable } from '../../db/schema';

export type SyncRow = Selectable<SyncCommandTable>;
export type NewSyncRow = Insertable<SyncCommandTable>;

/** One owner's device stream: the unit of ordering (a device numbers its commands per owner). */
export interface DeviceStream {
  userId: number;
  facilityId: number;
  deviceId: string;
}

const stream = (db: Db, s: DeviceStream) =>
  db
    .selectFrom('sync_commands')
    .where('user_id', '=', s.userId)
    .where('facility_id', '=', s.facilityId)
    .where('device_id', '=', s.deviceId);

export function findRecorded(db: Db, s: DeviceStream, deviceSeq: number): Promise<SyncRow | undefined> {
  return stream(db, s).selectAll().where('device_seq', '=', deviceSeq).executeTakeFirst();
}

/** The highest seq recorded for the stream (0: none). Recorded seqs are 1…n without gaps. */
export async function lastRecordedSeq(db: Db, s: DeviceStream): Promise<number> {
  const row = await stream(db, s)
    .select((eb) => eb.fn.max('device_seq').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The version the device's previous applied link on this record left (its chain), if any. */
export async function lastLinkVersion(db: Db, s: DeviceStream, aggregate: string): Promise<number | null> {
  const row = await stream(db, s)
    .select('version_after')
    .where('aggregate', '=', aggregate)
    .where('outcome', '=', 'applied')
    .orderBy('server_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.version_after ?? null;
}

/** Records a decided command; undefined when the seq was recorded meanwhile (a concurrent push). */
export async function insertRecord(trx: Db, row: NewSyncRow): Promise<SyncRow | undefined> {
  return trx
    .insertInto('sync_commands')
    .values(row)
    .onConflict((oc) => oc.constraint('sync_commands_device_seq_uq').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findLocalId(db: Db, facilityId: number, localId: string) {
  return db
    .selectFrom('sync_local_ids')
    .select(['permit_id', 'number', 'user_id'])
    .where('facility_id', '=', facilityId)
    .where('local_id', '=', localId)
    .executeTakeFirst();
}

export async function insertLocalId(
  trx: Db,
  row: {
    facilityId: number;
    localId: string;
    userId: number;
    permitId: number;
    number: string;
    provisionalNumber: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('sync_local_ids')
    .values({
      facility_id: row.facilityId,
      local_id: row.localId,
      user_id: row.userId,
      permit_id: row.permitId,
      number: row.number,
      provisional_number: row.provisionalNumber,
    })
    .execute();
}

/** The record the server made for a local id (a lock application made offline), of that kind. */
export async function findLocalRecord(db: Db, facilityId: number, localId: string, kind: string) {
  const row = await db
    .selectFrom('sync_local_records')
    .select('record_id')
    .where('facility_id', '=', facilityId)
    .where('local_id', '=', localId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.record_id;
}

/** Maps a local id once (a replay of the same command finds the mapping there and adds nothing). */
export async function insertLocalRecord(
  trx: Db,
  row: { facilityId: number; localId: string; kind: string; userId: number; recordId: number },
): Promise<void> {
  await trx
    .insertInto('sync_local_records')
    .values({
      facility_id: row.facilityId,
      local_id: row.localId,
      kind: row.kind,
      user_id: row.userId,
      record_id: row.recordId,
    })
    .onConflict((oc) => oc.columns(['facility_id', 'local_id']).doNothing())
    .execute();
}
