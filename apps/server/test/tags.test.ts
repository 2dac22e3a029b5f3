import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTag } from '../src/modules/tags';
import { createTestApp, login, type TestApp } from './test-app';
import { lotoPermit, planPoints } from './support/tag-fixtures';

/**
 * Tags over the real server and PostgreSQL: planning (numbers from the tag pattern, the default
 * legend, unguessable tokens), the tag commands' rules (only the applier removes, a removed tag never
 * returns, a missing tag's replacement), the public status page, facility scoping and permissions.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const userId = async (userName: string) =>
  (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
});
afterAll(async () => t?.close());

const plan = async (permitId: number, planPointId: number, legendItemId?: number) => {
  // Read before the transaction: each plan holds one pooled connection, the lookup would need another.
  const worker = await userId('worker');
  return db()
    .transaction()
    .execute(async (trx) =>
      planTag(trx, {
        facilityId: 1,
        permitId,
        planPointId,
        legendItemId,
        reason: 'Belt change',
        userId: worker,
        at: new Date(),
      }),
    );
};

describe('planTag', () => {
  it("numbers tags from the facility's tag pattern, gives the first active legend and a 128-bit token", async () => {
    const permitId = await lotoPermit(t, tokens.worker!);
    const [a, b] = await planPoints(db(), permitId, 2);
    const first = await plan(permitId, a!);
    const second = await plan(permitId, b!);
    // The demo pattern is T-{YYYY}-{SEQ:5}: consecutive numbers of this year.
    expect(first.number).toMatch(/^T-\d{4}-\d{5}$/);
    expect(Number(second.number.slice(-5))).toBe(Number(first.number.slice(-5)) + 1);
    const rows = await db()
      .selectFrom('tags')
      .selectAll()
      .where('id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    const legend = await db()
      .selectFrom('master_list_items')
      .select(['id', 'value'])
      .where('facility_id', '=', 1)
      .where('list_key', '=', 'tag-legends')
      .where('is_active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const row of rows) {
      expect(row).toMatchObject({
        state: 'planned',
        permit_id: permitId,
        legend_item_id: legend.id,
        reason: 'Belt change',
      });
      // base64url of 16 bytes: 22 characters, no padding.
      expect(row.status_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
    expect(rows[0]!.status_token).not.toBe(rows[1]!.status_token);
  });

  it('takes a chosen legend, refuses one of another list, and a point of another permit', async () => {
    const permitId = await lotoPermit(t, tokens.worker!);
    const otherPermit = await lotoPermit(t, tokens.worker!);
    const [point] = await planPoints(db(), permitId, 1);
    const [otherPoint] = await planPoints(db(), otherPermit, 1);
    const legends = await db()
      .selectFrom('master_list_items')
      .select(['id', 'list_key'])
      .where('facility_id', '=', 1)
      .where('list_key', 'in', ['tag-legends', 'lock-colours'])
      .orderBy('id', 'desc')
      .execute();
    const chosen = legends.find((l) => l.list_key === 'tag-legends')!;
    const colour = legends.find((l) => l.list_key === 'lock-colours')!;
    const { id } = await plan(permitId, point!, chosen.id);
    expect(
      (await db().selectFrom('tags').select('legend_item_id').where('id', '=', id).executeTakeFirstOrThrow())
        .legend_item_id,
    ).toBe(chosen.id);
    await expect(plan(permitId, point!, colour.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(plan(permitId, otherPoint!)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('gives distinct numbers to concurrent plans, and a rolled-back plan gives its number back', async () => {
    const permitId = await lotoPermit(t, tokens.worker!);
    const points = await planPoints(db(), permitId, 6);
    const planned = await Promise.all(points.map((p) => plan(permitId, p)));
    expect(new Set(planned.map((p) => p.number)).size).toBe(points.length);
    const before = await db()
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await planTag(trx, {
            facilityId: 1,
            permitId,
            planPointId: points[0]!,
            reason: '',
            userId: 1,
            at: new Date(),
          });
          throw new Error('caller fails');
        }),
    ).rejects.toThrow('caller fails');
    const after = await db()
      .selectFrom('tags')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
