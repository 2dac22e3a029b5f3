import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingClient } from '../src/db/prepared-statements';
import { createTestApp, superuserUrl, type TestApp } from './test-app';

/** Statements run again and again are prepared on the server once per connection (decision 0066). */
let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  // As the superuser: the schema-change test creates and alters its own table.
  pool = new pg.Pool({ connectionString: superuserUrl(t.connections[0]!.url), max: 1, Client: PreparingClient });
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

const preparedOn = async (client: pg.PoolClient) =>
  (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).rows;

describe('PreparingClient', () => {
  it('prepares a statement with parameters on its third run in a transaction on a connection, and answers as before', async () => {
    const client = await pool.connect();
    try {
      const text = 'select $1::int + 1 as n';
      // Outside a transaction (the read routes' queries): never prepared.
      for (let i = 0; i < 4; i++) expect((await client.query(text, [i])).rows).toEqual([{ n: i + 1 }]);
      expect((await preparedOn(client)).filter((p) => p.statement === text)).toEqual([]);
      await client.query('begin');
      expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
      expect((await preparedOn(client)).filter((p) => p.statement === text)).toEqual([]);
      expect((await client.query(text, [3])).rows).toEqual([{ n: 4 }]);
      await client.query('commit');
      await client.query('begin');
      expect((await client.query(text, [4])).rows).toEqual([{ n: 5 }]);
      const prepared = (await preparedOn(client)).filter((p) => p.statement === text);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^hasp_0_[0-9a-f]{40}$/);
      // Without parameters (DDL, BEGIN, COMMIT): never prepared.
      for (let i = 0; i < 4; i++) await client.query('select 41 + 1 as n');
      expect((await preparedOn(client)).filter((p) => p.statement === 'select 41 + 1 as n')).toEqual([]);
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('after a schema change alters a prepared statement’s columns, refuses that run once and prepares anew', async () => {
    const client = await pool.connect();
    try {
      await client.query('create table prepared_probe (a integer)');
      await client.query('insert into prepared_probe values (1)');
      const text = 'select * from prepared_probe where a = $1';
      await client.query('begin');
      for (let i = 0; i < 3; i++) expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
      await client.query('commit');
      await client.query('alter table prepared_probe add column b integer default 7');
      await client.query('begin');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      await client.query('rollback');
      await client.query('begin');
      for (let i = 0; i < 4; i++) expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: 7 }]);
      const names = (await preparedOn(client)).filter((p) => p.statement === text).map((p) => p.name);
      expect(names.some((n) => n.startsWith('hasp_1_'))).toBe(true);
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('is the client of the app’s pools: a query built with Kysely in a transaction is prepared on its connection', async () => {
    const db = t.connections[0]!.db;
    const statements = await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.selectFrom('facilities').select('name').where('id', '=', 1).execute();
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows;
    });
    expect(statements.map((s) => s.statement)).toContain('select "name" from "facilities" where "id" = $1');
  });
});
