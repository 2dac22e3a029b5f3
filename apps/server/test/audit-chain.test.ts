import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createKysely, ensureDatabase } from '../src/db/connections';
import { migrations } from '../src/db/migrations/index';
import type { Database } from '../src/db/schema';
import { verifyAuditChains, type AuditEntry } from '../src/modules/audit';
// The chain itself is under test: rows written directly, as the runner writes them.
import { recordAudit } from '../src/platform/audit/audit-entry';
import { asSuperuser, cloneTemplateDatabase, superuserUrl } from './test-app';

// Each test gets its own database: a tampered chain stays tampered.
const opened: Kysely<Database>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function freshDatabase(pool = 5) {
  const url = await cloneTemplateDatabase();
  const db = createKysely(url, pool);
  opened.push(db);
  return { url, db };
}

const entry = (facilityId: number | null, n: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  userId: 1,
  facilityId,
  action: 'test.change',
  entityType: 'thing',
  entityId: n,
  before: n === 0 ? null : { n: n - 1, text: 'año' },
  after: { n, nested: { b: [1, 2.5, null], a: 'ü' } },
  ...extra,
});

async function writeRows(db: Kysely<Database>, facilityId: number | null, count: number) {
  for (let n = 0; n < count; n++) {
    await db.transaction().execute((trx) => recordAudit(trx, entry(facilityId, n)));
  }
}

/** The rows of one chain: ID and position, in order. */
async function chainRows(db: Kysely<Database>, facilityId: number | null) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'chain_seq'])
    .where('chain', '=', facilityId ?? 0)
    .orderBy('chain_seq')
    .execute();
  return rows.map((r) => ({ id: String(r.id), seq: Number(r.chain_seq) }));
}

/** Runs SQL as the superuser with every trigger off, as someone covering their tracks would. */
const asSuperuserWithoutTriggers = (url: string, statements: string[]) =>
  asSuperuser(url, ['set session_replication_role = replica', ...statements]);

const verify = (db: Kysely<Database>) => verifyAuditChains(db);

describe('audit trail: the chain', () => {
  it('verifies a busy facility intact: rows written while it walks are not taken for a broken head', async () => {
    const { db } = await freshDatabase(6);
    await writeRows(db, 1, 50);
    // A writer adds rows to the facility's chain the whole time the verifier runs.
    let writing = true;
    const writer = (async () => {
      for (let n = 1000; writing; n++) await db.transaction().execute((trx) => recordAudit(trx, entry(1, n)));
    })();
    try {
      for (let run = 0; run < 15; run++) {
        const result = await verifyAuditChains(db, { facilityIds: [null, 1] });
        expect(result.firstBroken, `run ${run}`).toBeNull();
      }
    } finally {
      writing = false;
      await writer;
    }
  });

  it('chains every row to the one before it, per facility and connection-wide, and verifies intact', async () => {
    const { db } = await freshDatabase();
    await writeRows(db, 1, 4);
    await writeRows(db, null, 3);
    await writeRows(db, 2, 2);
    const rows = await db
      .selectFrom('audit_log')
      .select(['chain', 'chain_seq', 'prev_hash', 'row_hash'])
      .where('chain', '=', 1)
      .orderBy('chain_seq')
      .execute();
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash);
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));

    const result = await verify(db);
    expect(result.firstBroken).toBeNull();
    expect(result.ok).toBe(true);
    const total = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(result.checked).toBe(Number(total.n));
    // The hash computed in TypeScript matches the database's for non-ASCII text, nested JSON, nulls.
    expect(result.chains.find((c) => c.facilityID === 1)?.checked).toBeGreaterThanOrEqual(4);
  });

  it('records where, why and the offline times, and covers them with the hash', async () => {
    const { url, db } = await freshDatabase();
    const deviceTime = new Date('2026-11-20T10:00:00.123Z');
    await db.transaction().execute((trx) =>
      recordAudit(
        trx,
        entry(1, 1, {
          field: 'status',
          address: '10.1.2.3',
          deviceId: 'device-7',
          requestId: 'req-1',
          reason: 'Lock found cut',
          deviceTime,
          syncTime: new Date('2026-11-20T10:05:00.000Z'),
          at: new Date('2026-11-20T10:05:00.500Z'),
        }),
      ),
    );
    const row = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'req-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      field: 'status',
      address: '10.1.2.3',
      device_id: 'device-7',
      reason: 'Lock found cut',
    });
    expect(row.device_time?.toISOString()).toBe(deviceTime.toISOString());
    expect(row.occurred_at.toISOString()).toBe('2026-11-20T10:05:00.500Z');
    expect((await verify(db)).ok).toBe(true);

    await asSuperuserWithoutTriggers(url, [`update audit_log set reason = 'Routine' where request_id = 'req-1'`]);
    expect((await verify(db)).firstBroken).toEqual({
      facilityID: 1,
      position: row.chain_seq,
      ID: String(row.id),
      reason: 'edited',
    });
  });

  it('chains the rows of one multi-row insert in order (a raw INSERT is chained too)', async () => {
    const { db } = await freshDatabase();
    await sql`insert into audit_log (facility_id, user_id, action, entity_type, chain, chain_seq, prev_hash, row_hash)
      select 1, 1, 'bulk', 'thing', 99, 99, 'forged', 'forged' from generate_series(1, 50)`.execute(db);
    const rows = await chainRows(db, 1);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect((await verify(db)).ok).toBe(true);
  });
});

describe('audit trail: tampering as the superuser is reported at the broken row', () => {
  it('an edited row (session_replication_role = replica)', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 1, 6);
    const rows = await chainRows(db, 1);
    const victim = rows[3]!;
    await asSuperuserWithoutTriggers(url, [`update audit_log set after = '{"n": 999}' where id = ${victim.id}`]);
    const result = await verify(db);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toEqual({ facilityID: 1, position: victim.seq, ID: victim.id, reason: 'edited' });
  });

  it('an edited row whose own hash was recomputed: the next row no longer links to it', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, null, 5);
    const rows = await chainRows(db, null);
    const victim = rows[1]!;
    await asSuperuserWithoutTriggers(url, [
      `update audit_log set action = 'test.innocent' where id = ${victim.id}`,
      `update audit_log set row_hash = audit_row_hash(audit_log) where id = ${victim.id}`,
    ]);
    expect((await verify(db)).firstBroken).toEqual({
      facilityID: null,
      position: rows[2]!.seq,
      ID: rows[2]!.id,
      reason: 'relinked',
    });
  });

  it('an edited row with the trigger disabled by ALTER TABLE', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 2, 3);
    const victim = (await chainRows(db, 2))[0]!;
    const client = new pg.Client({ connectionString: superuserUrl(url) });
    await client.connect();
    try {
      await client.query('alter table audit_log disable trigger audit_log_no_change');
      await client.query(`update audit_log set occurred_at = occurred_at - interval '1 day' where id = ${victim.id}`);
      await client.query('alter table audit_log enable trigger audit_log_no_change');
    } finally {
      await client.end();
    }
    expect((await verify(db)).firstBroken).toEqual({ facilityID: 2, position: 1, ID: victim.id, reason: 'edited' });
  });

  it('a deleted row in the middle', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 1, 5);
    const rows = await chainRows(db, 1);
    await asSuperuserWithoutTriggers(url, [`delete from audit_log where id = ${rows[2]!.id}`]);
    expect((await verify(db)).firstBroken).toEqual({
      facilityID: 1,
      position: rows[2]!.seq,
      ID: null,
      reason: 'missing',
    });
  });

  it('a deleted last row: the head remembers it', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 1, 5);
    const rows = await chainRows(db, 1);
    const last = rows.at(-1)!;
    await asSuperuserWithoutTriggers(url, [`delete from audit_log where id = ${last.id}`]);
    expect((await verify(db)).firstBroken).toEqual({ facilityID: 1, position: last.seq, ID: null, reason: 'missing' });

    // Writing on does not paper over the gap: the next row continues after the head.
    await writeRows(db, 1, 1);
    expect((await chainRows(db, 1)).at(-1)!.seq).toBe(last.seq + 1);
    expect((await verify(db)).firstBroken).toMatchObject({ facilityID: 1, position: last.seq, reason: 'missing' });
  });

  it('a truncated table', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, null, 2);
    await writeRows(db, 1, 2);
    await asSuperuserWithoutTriggers(url, ['truncate audit_log']);
    const result = await verify(db);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toEqual({ facilityID: null, position: 1, ID: null, reason: 'missing' });
    expect(result.chains.find((c) => c.facilityID === 1)).toMatchObject({ ok: false, checked: 0 });
  });

  it('a row inserted by hand into the middle of the chain', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 1, 3);
    const rows = await chainRows(db, 1);
    await asSuperuserWithoutTriggers(url, [
      `update audit_log set chain_seq = chain_seq + 1000 where chain = 1 and chain_seq >= 2`,
      `update audit_log set chain_seq = chain_seq - 999 where chain = 1 and chain_seq > 1000`,
      `insert into audit_log (facility_id, user_id, action, entity_type, chain, chain_seq, prev_hash, row_hash)
       values (1, 1, 'test.forged', 'thing', 1, 2, (select row_hash from audit_log where id = ${rows[0]!.id}), 'x')`,
    ]);
    expect((await verify(db)).firstBroken).toMatchObject({ facilityID: 1, position: 2, reason: 'edited' });
  });
});

describe('audit trail: a forged row appended with a correct hash', () => {
  it('is past the head the triggers recorded', async () => {
    const { url, db } = await freshDatabase();
    await writeRows(db, 1, 3);
    const last = (await chainRows(db, 1)).at(-1)!;
    await asSuperuserWithoutTriggers(url, [
      `insert into audit_log (facility_id, user_id, action, entity_type, chain, chain_seq, prev_hash, row_hash)
       values (1, 1, 'test.forged', 'thing', 1, ${last.seq + 1}, (select row_hash from audit_log where id = ${last.id}), '')`,
      `update audit_log set row_hash = audit_row_hash(audit_log) where action = 'test.forged'`,
    ]);
    const forged = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'test.forged')
      .executeTakeFirstOrThrow();
    expect((await verify(db)).firstBroken).toEqual({
      facilityID: 1,
      position: last.seq + 1,
      ID: String(forged.id),
      reason: 'head',
    });
  });
});

describe('audit trail: append-only for the application', () => {
  it("refuses the application's UPDATE, DELETE and TRUNCATE (and moving a chain head)", async () => {
    const { db } = await freshDatabase();
    await writeRows(db, 1, 2);
    const attempts = [
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
      sql`update audit_chain_heads set last_seq = 0`,
      sql`delete from audit_chain_heads`,
      sql`truncate audit_chain_heads`,
      sql`insert into audit_chain_heads (chain, last_seq) values (12345, 7)`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(db)).rejects.toMatchObject({ code: '42501' });
    }
    expect((await verify(db)).ok).toBe(true);
    expect(await chainRows(db, 1)).toHaveLength(2);
  });

  describe('as an ordinary role that owns the database (an external server)', () => {
    const role = `hasp_owner_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const database = `${role}_db`;
    const admin = () => new pg.Client({ connectionString: inject('adminUrl') });
    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.query(`drop role if exists ${role}`);
      await client.end();
    });

    it('chains the rows written before the migration, and the role lacks UPDATE, DELETE and TRUNCATE', async () => {
      const client = admin();
      await client.connect();
      await client.query(`create role ${role} login password 'owner-password'`);
      await client.end();
      const adminUrl = new URL(inject('adminUrl'));
      await ensureDatabase(adminUrl.toString(), database);
      const su = admin();
      await su.connect();
      await su.query(`alter database ${database} owner to ${role}`);
      await su.end();
      const url = new URL(adminUrl);
      url.username = role;
      url.password = 'owner-password';
      url.pathname = `/${database}`;
      const db = createKysely(url.toString(), 2);
      opened.push(db);

      // Up to the migration before the chain, then rows as the old code wrote them.
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const before = await migrator.migrateTo('2026-11-22T1410-connection-grants');
      expect(before.error).toBeUndefined();
      await sql`insert into facilities (name) values ('One'), ('Two')`.execute(db);
      await sql`insert into audit_log (facility_id, action, entity_type, entity_id, before, after)
        select case when g % 3 = 0 then null else 1 + g % 2 end, 'old.change', 'thing', g::text,
               null, jsonb_build_object('g', g, 'text', 'señal')
        from generate_series(1, 30) g`.execute(db);
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();

      const result = await verifyAuditChains(db);
      expect(result).toMatchObject({ ok: true, checked: 30, firstBroken: null });
      expect(result.chains.map((c) => [c.facilityID, c.checked])).toEqual([
        [null, 10],
        [1, 10],
        [2, 10],
      ]);
      // Refused by the missing privilege (and the trigger would refuse it next).
      await expect(sql`update audit_log set action = 'x'`.execute(db)).rejects.toThrow(/permission denied/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/permission denied/);
      await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/permission denied/);
      // …and it still writes.
      const user = await sql<{
        id: number;
      }>`insert into users (user_name, display_name) values ('u', 'U') returning id`.execute(db);
      await recordAudit(db, entry(1, 1, { userId: user.rows[0]!.id }));
      expect((await verifyAuditChains(db)).checked).toBe(31);
    });
  });
});

describe('audit trail: concurrent writers', () => {
  it('keeps every chain whole when many transactions write at once', async () => {
    const { db } = await freshDatabase(10);
    const writers = 10;
    const perWriter = 30;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, (_, w) =>
        (async () => {
          for (let i = 0; i < perWriter; i++) {
            // Half the writers share facility 1's chain; the others spread over facility 2 and connection-wide.
            const facilityId = w % 2 === 0 ? 1 : i % 2 === 0 ? 2 : null;
            await db.transaction().execute(async (trx) => {
              await recordAudit(trx, entry(facilityId, i));
              if (i % 3 === 0) await recordAudit(trx, entry(facilityId, i + 1000));
            });
          }
        })(),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const written = writers * perWriter + writers * Math.ceil(perWriter / 3);
    console.info(`audit chain: ${written} rows by ${writers} concurrent writers in ${seconds.toFixed(2)} s`);
    for (const chain of [1, 2, null]) {
      const rows = await chainRows(db, chain);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    }
    const result = await verify(db);
    expect(result.firstBroken).toBeNull();
    expect(result.checked).toBeGreaterThanOrEqual(written);
  });
});
