import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditVerification } from '@hasp/contracts';
import { createKysely, ensureDatabase } from '../src/db/connections';
import {
  adoptEmbeddedDatabase,
  applicationRoleProblem,
  assertApplicationRole,
  EMBEDDED_ROLES,
  grantApplicationRole,
} from '../src/db/database-roles';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { prepareSchema } from '../src/db/prepare-schema';
import type { Database } from '../src/db/schema';
import { AuditAnchor, checkpointFile, verifyAuditChains } from '../src/modules/audit';
import { recordAudit } from '../src/platform/audit/audit-entry';
import { roleUrl } from './support/database-roles';
import { cloneTemplateDatabase, createTestApp, login, runStatements, superuserUrl, type TestApp } from './test-app';

const KEY = 'a-test-key-for-the-audit-checkpoints-0123456789';
const opened: Kysely<Database>[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const open = (url: string) => {
  const db = createKysely(url, 2);
  opened.push(db);
  return db;
};
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'hasp-anchor-'));
  folders.push(folder);
  return folder;
};
const ownerUrlOf = (appUrl: string) => roleUrl(superuserUrl(appUrl), new URL(appUrl).pathname.slice(1), 'owner');

async function writeRows(db: Kysely<Database>, facilityId: number, count: number, userId: number | null = 1) {
  for (let n = 0; n < count; n++) {
    await db.transaction().execute((trx) =>
      recordAudit(trx, {
        userId,
        facilityId,
        action: 'test.change',
        entityType: 'thing',
        entityId: n,
        before: null,
        after: { n, said: `row ${n}` },
      }),
    );
  }
}

async function chainRows(db: Kysely<Database>, chain: number) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'chain_seq'])
    .where('chain', '=', chain)
    .orderBy('chain_seq')
    .execute();
  return rows.map((r) => ({ id: String(r.id), seq: Number(r.chain_seq) }));
}

/**
 * What someone holding the owner role's credentials can do with SQL: turn the append-only and
 * chain triggers off, run `change`, recompute every hash of the chain from its first row in the
 * database's own way, move the head, and turn the triggers back on. The chain alone then verifies.
 */
function rewriteAsOwner(chain: number, change: string): string[] {
  return [
    'grant update, delete on audit_log to current_user',
    'alter table audit_log disable trigger user',
    'alter table audit_chain_heads disable trigger user',
    change,
    `do $$
     declare r audit_log; previous text := repeat('0', 64); n bigint := 0;
     begin
       for r in select * from audit_log where chain = ${chain} order by chain_seq loop
         n := n + 1;
         r.chain_seq := n;
         r.prev_hash := previous;
         r.row_hash := audit_row_hash(r);
         update audit_log set chain_seq = r.chain_seq, prev_hash = r.prev_hash, row_hash = r.row_hash where id = r.id;
         previous := r.row_hash;
       end loop;
       update audit_chain_heads set last_seq = n, last_hash = previous where chain = ${chain};
     end $$`,
    'alter table audit_log enable trigger user',
    'alter table audit_chain_heads enable trigger user',
  ];
}

describe('the application role', () => {
  it('is refused UPDATE, DELETE, TRUNCATE and DISABLE TRIGGER on the audit tables, and skipping triggers', async () => {
    const url = await cloneTemplateDatabase();
    const db = open(url);
    await writeRows(db, 1, 2);
    const refusals: [string, RegExp][] = [
      ["update audit_log set action = 'x'", /permission denied/],
      ['delete from audit_log', /permission denied/],
      ['truncate audit_log', /permission denied/],
      ['alter table audit_log disable trigger audit_log_no_change', /must be owner/],
      ['alter table audit_log disable trigger all', /must be owner/],
      ['update audit_chain_heads set last_seq = 0', /permission denied/],
      ['delete from audit_chain_heads', /permission denied/],
      ['truncate audit_chain_heads', /permission denied/],
      ['insert into audit_chain_heads (chain) values (99)', /permission denied/],
      ['alter table audit_chain_heads disable trigger all', /must be owner/],
      ['set session_replication_role = replica', /permission denied/],
    ];
    for (const [statement, refusal] of refusals) {
      await expect(runStatements(url, [statement]), statement).rejects.toThrow(refusal);
    }
    // …while it still writes the records and appends to the trail (the chain's triggers run as their owner).
    await writeRows(db, 1, 1);
    expect((await verifyAuditChains(db)).ok).toBe(true);
    expect(await applicationRoleProblem(db)).toBeNull();
  });

  it('is checked at start: a superuser or the owner is refused with the fix named', async () => {
    const url = await cloneTemplateDatabase();
    await expect(assertApplicationRole(open(superuserUrl(url)), 'Plant 2')).rejects.toThrow(
      /^Connection Plant 2: its database role "[^"]+" is a superuser .*ownerUrl/,
    );
    await expect(assertApplicationRole(open(ownerUrlOf(url)), 'Plant 2')).rejects.toThrow(
      /^Connection Plant 2: its database role "hasp_owner" owns the audit tables/,
    );
    await expect(assertApplicationRole(open(url), 'Plant 2')).resolves.toBeUndefined();
  });
});

describe('the schema at start', () => {
  it('is migrated only with the owner role: without it a pending migration stops the start, named', async () => {
    const url = await cloneTemplateDatabase();
    const last = Object.keys(migrations).at(-1)!;
    // As if this code were newer than the database: its last migration not yet run.
    await runStatements(ownerUrlOf(url), [`delete from kysely_migration where name = '${last}'`]);
    const connection = { name: 'Plant 2', db: open(url), url };
    await expect(prepareSchema(connection)).rejects.toThrow(
      `Connection Plant 2: 1 migration(s) pending (first ${last}) and no ownerUrl to run them with`,
    );
    await prepareSchema({ ...connection, ownerUrl: ownerUrlOf(url) });
    await expect(prepareSchema(connection)).resolves.toBeUndefined();
    expect(await applicationRoleProblem(connection.db)).toBeNull();
  });
});

describe('a database from before the roles', () => {
  it('is handed to the owner role: every object it holds, then the application role serves it', async () => {
    const adminUrl = inject('adminUrl');
    const database = `hasp_adopt_${Date.now().toString(36)}`;
    await ensureDatabase(adminUrl, database);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      // As the old code did: migrated by the superuser, who owns everything.
      const old = open(url.toString());
      await migrateToLatest(old as never);
      await old.destroy();
      opened.splice(opened.indexOf(old), 1);

      await adoptEmbeddedDatabase(adminUrl, database);
      const owner = open(roleUrl(adminUrl, database, 'owner'));
      await migrateToLatest(owner as never);
      await grantApplicationRole(owner as never, EMBEDDED_ROLES.app);
      const owners = await sql<{ owner: string; n: number }>`
        select pg_get_userbyid(c.relowner) as owner, count(*)::int as n from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S') group by 1`.execute(owner);
      expect(owners.rows.map((r) => r.owner)).toEqual([EMBEDDED_ROLES.owner]);

      const app = open(roleUrl(adminUrl, database, 'app'));
      expect(await applicationRoleProblem(app)).toBeNull();
      const facility = await app
        .insertInto('facilities')
        .values({ name: 'Adopted' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeRows(app, facility.id, 2, null);
      expect(await verifyAuditChains(app)).toMatchObject({ ok: true, checked: 2 });
    } finally {
      await Promise.all(opened.splice(0).map((db) => db.destroy()));
      await runStatements(adminUrl, [`drop database if exists ${database} with (force)`]);
    }
  });
});

describe('the audit anchor outside the database', () => {
  it('names the rewritten row when the owner rewrites a middle row and recomputes the chain', async () => {
    const url = await cloneTemplateDatabase();
    const db = open(url);
    await writeRows(db, 2, 6);
    const anchor = new AuditAnchor(checkpointFile(tempFolder(), 'Demo'), KEY);
    expect(await anchor.checkpoint(db, new Date())).toBeGreaterThanOrEqual(6);
    const victim = (await chainRows(db, 2))[2]!;

    await runStatements(
      ownerUrlOf(url),
      rewriteAsOwner(2, `update audit_log set after = '{"n": 2, "said": "never said"}' where id = ${victim.id}`),
    );

    // The chain alone is consistent again: that is the attack.
    expect((await verifyAuditChains(db)).ok).toBe(true);
    const result = await verifyAuditChains(db, { anchor });
    expect(result.firstBroken).toEqual({ facilityID: 2, position: victim.seq, ID: victim.id, reason: 'rewritten' });
    expect(result.anchor).toMatchObject({ problem: null });
  });

  it('names the position of a row deleted from the middle with the chain renumbered', async () => {
    const url = await cloneTemplateDatabase();
    const db = open(url);
    await writeRows(db, 2, 5);
    const anchor = new AuditAnchor(checkpointFile(tempFolder(), 'Demo'), KEY);
    await anchor.checkpoint(db, new Date());
    const rows = await chainRows(db, 2);
    const victim = rows[rows.length - 3]!;
    await runStatements(ownerUrlOf(url), rewriteAsOwner(2, `delete from audit_log where id = ${victim.id}`));

    expect((await verifyAuditChains(db)).ok).toBe(true);
    const broken = (await verifyAuditChains(db, { anchor })).firstBroken;
    // The row now at that position is the one after it: the first that no longer matches.
    expect(broken).toEqual({ facilityID: 2, position: victim.seq, ID: rows[rows.length - 2]!.id, reason: 'rewritten' });
  });

  it('keeps anchoring new rows after a checkpoint, and refuses to anchor a chain that no longer follows on', async () => {
    const url = await cloneTemplateDatabase();
    const db = open(url);
    await writeRows(db, 1, 3);
    const folder = tempFolder();
    const anchor = new AuditAnchor(checkpointFile(folder, 'Demo'), KEY);
    await anchor.checkpoint(db, new Date());
    await writeRows(db, 1, 2);
    expect(await anchor.checkpoint(db, new Date())).toBe(2);
    expect(await anchor.checkpoint(db, new Date())).toBe(0);
    const verified = await verifyAuditChains(db, { anchor });
    expect(verified.ok).toBe(true);
    expect(verified.anchor!.anchored).toBe(verified.checked);

    const first = (await chainRows(db, 1))[0]!;
    await runStatements(
      ownerUrlOf(url),
      rewriteAsOwner(1, `update audit_log set reason = 'inserted later' where id = ${first.id}`),
    );
    await writeRows(db, 1, 1);
    await expect(anchor.checkpoint(db, new Date())).rejects.toThrow(/does not follow on from its checkpoint/);
    expect((await verifyAuditChains(db, { anchor })).firstBroken).toMatchObject({ ID: first.id, reason: 'rewritten' });
  });

  it('reports a checkpoint file that was edited or signed with another key', async () => {
    const url = await cloneTemplateDatabase();
    const db = open(url);
    await writeRows(db, 1, 3);
    const file = checkpointFile(tempFolder(), 'Demo');
    await new AuditAnchor(file, KEY).checkpoint(db, new Date());
    const original = readFileSync(file, 'utf8');

    const otherKey = await verifyAuditChains(db, { anchor: new AuditAnchor(file, `${KEY}-other`) });
    expect(otherKey.anchor!.problem).toMatch(/line 1 does not carry its signature/);

    const line = JSON.parse(original.split('\n')[0]!) as { hashes: string[] };
    line.hashes[0] = 'f'.repeat(64);
    writeFileSync(file, `${JSON.stringify(line)}\n`);
    expect((await verifyAuditChains(db, { anchor: new AuditAnchor(file, KEY) })).anchor!.problem).toMatch(
      /line 1 does not carry its signature/,
    );
  });
});

describe('GET /api/admin/audit/verify with the anchor', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hasp-anchor-app-'));
    t = await createTestApp({ auditAnchor: { dataDir, key: KEY, intervalMs: 100 } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the rewritten entry by its ID once the checkpoint copied it', async () => {
    const token = (await login(t.app)).json<{ token: string }>().token;
    const verify = async () =>
      (
        await t.app.inject({ url: '/api/admin/audit/verify', headers: { authorization: `Bearer ${token}` } })
      ).json<AuditVerification>();
    const db = t.connections[0]!.db;
    await writeRows(db, 1, 4);
    const rows = await chainRows(db, 1);
    // Wait for the state: the checkpoint file holds every row of the chain.
    const anchor = new AuditAnchor(checkpointFile(dataDir, 'Demo'), KEY);
    for (
      const deadline = Date.now() + 10_000;
      (anchor.load().chains.get(1)?.length ?? 0) < rows.length;
      await sleep(50)
    ) {
      if (Date.now() > deadline) throw new Error('the app never checkpointed its audit rows');
    }
    const intact = await verify();
    expect(intact.ok).toBe(true);
    expect(intact.anchor).toMatchObject({ problem: null });
    expect(intact.anchor!.anchored).toBeGreaterThanOrEqual(rows.length);

    const victim = rows[1]!;
    await runStatements(
      ownerUrlOf(t.connections[0]!.url),
      rewriteAsOwner(1, `update audit_log set user_id = null where id = ${victim.id}`),
    );
    expect((await verify()).firstBroken).toEqual({
      facilityID: 1,
      position: victim.seq,
      ID: victim.id,
      reason: 'rewritten',
    });
  });
});
