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

const command = (as: string, permitId: number, verb: string, body: object, headers: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/permits/${permitId}/tags/commands/${verb}`,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    payload: body,
  });
const publicStatus = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/tags/${token}` });
const tokenOf = async (tagId: number) =>
  (await db().selectFrom('tags').select('status_token').where('id', '=', tagId).executeTakeFirstOrThrow()).status_token;

/** A permit held by the worker (who may so give its tags' commands), with one planned tag on a point of its own. */
async function plannedTag() {
  const permitId = await lotoPermit(t, tokens.worker!, 'Tag test permit', await userId('worker'));
  const [point] = await planPoints(db(), permitId, 1);
  const { id, number } = await plan(permitId, point!);
  return { permitId, tagId: id, number };
}

describe('tag commands', () => {
  it("prints and applies by the permit's holder (naming the applier), verifies by the isolating authority and removes by the applier only; audited, versioned", async () => {
    const { permitId, tagId } = await plannedTag();
    expect((await command('worker', permitId, 'mark-printed', { tagId })).json()).toMatchObject({ state: 'printed' });
    const applied = await command('worker', permitId, 'apply', { tagId }, { 'if-match': '"1"' });
    expect(applied.statusCode).toBe(200);
    expect(applied.headers.etag).toBe('"2"');
    expect(applied.json()).toMatchObject({ state: 'applied', appliedBy: { displayName: 'Wren Worker' } });
    const verified = await command('supervisor', permitId, 'verify', { tagId });
    expect(verified.json()).toMatchObject({ state: 'verified', verifiedBy: { displayName: 'Sam Supervisor' } });
    // Only the applier removes: the supervisor, though allowed everything else, is refused (403).
    const bySupervisor = await command('supervisor', permitId, 'remove', { tagId });
    expect(bySupervisor.statusCode).toBe(403);
    expect(bySupervisor.json().message).toContain('Only the person who applied this tag may remove it');
    const removed = await command('worker', permitId, 'remove', { tagId });
    // A removed tag's link may still be revoked (its QR page says Removed meanwhile); no new label is printed for it.
    expect(removed.json()).toMatchObject({
      state: 'removed',
      removedBy: { displayName: 'Wren Worker' },
      allowedCommands: ['revoke-link'],
    });
    const renew = await command('worker', permitId, 'renew-link', { tagId });
    expect(renew.statusCode).toBe(409);
    expect(renew.json().message).toBe('New link: the tag is Removed; no new label is printed for it.');
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'tag')
      .where('entity_id', '=', String(tagId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['tag.mark-printed', 'tag.apply', 'tag.verify', 'tag.remove']);
    const events = await db()
      .selectFrom('domain_events')
      .select('name')
      .where('entity_type', '=', 'tag')
      .where('entity_id', '=', String(tagId))
      .execute();
    expect(events.map((e) => e.name)).toContain('tag.remove');
  });

  it('never returns a removed tag to Applied, and refuses a stale version', async () => {
    const { permitId, tagId } = await plannedTag();
    await command('worker', permitId, 'apply', { tagId });
    expect((await command('worker', permitId, 'verify', { tagId }, { 'if-match': '"0"' })).statusCode).toBe(409);
    await command('worker', permitId, 'remove', { tagId });
    for (const verb of ['apply', 'verify', 'mark-printed', 'void', 'report-missing', 'remove']) {
      const again = await command('worker', permitId, verb, { tagId, reason: 'x' });
      expect(again.statusCode, verb).toBe(409);
    }
    const row = await db()
      .selectFrom('tags')
      .select(['state', 'version'])
      .where('id', '=', tagId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'removed', version: 2 });
  });

  it('replaces a missing tag with a new planned one of a new number, linked to it', async () => {
    const { permitId, tagId, number } = await plannedTag();
    await command('worker', permitId, 'apply', { tagId });
    const missing = await command('supervisor', permitId, 'report-missing', {
      tagId,
      reason: 'Gone after night shift',
    });
    expect(missing.json()).toMatchObject({ state: 'missing' });
    const list = (
      await t.app.inject({
        url: `/api/permits/${permitId}/tags`,
        headers: { authorization: `Bearer ${tokens.worker}` },
      })
    ).json<{ ID: number; number: string; state: string; replacesTagId: number | null; planPointId: number }[]>();
    expect(list).toHaveLength(2);
    const replacement = list.find((t) => t.ID !== tagId)!;
    expect(replacement).toMatchObject({ state: 'planned', replacesTagId: tagId, planPointId: list[0]!.planPointId });
    expect(replacement.number).not.toBe(number);
  });

  it('keeps notes for the next person at the point, named and timed, in the audit too; none on a finished tag', async () => {
    const { permitId, tagId } = await plannedTag();
    expect((await command('worker', permitId, 'note', { tagId, note: '  ' })).statusCode).toBe(400);
    const first = await command('worker', permitId, 'note', { tagId, note: 'Hasp on the cover: it would not close' });
    expect(first.statusCode, first.body).toBe(200);
    await command('worker', permitId, 'apply', { tagId });
    const second = await command('supervisor', permitId, 'note', { tagId, note: 'Checked at shift change' });
    // A note keeps the state and moves the version (a device's stale copy is a conflict).
    expect(second.json()).toMatchObject({
      state: 'applied',
      version: 3,
      notes: [
        { text: 'Hasp on the cover: it would not close', by: { displayName: 'Wren Worker' } },
        { text: 'Checked at shift change', by: { displayName: 'Sam Supervisor' } },
      ],
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('entity_type', '=', 'tag')
      .where('entity_id', '=', String(tagId))
      .where('action', '=', 'tag.note')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.reason)).toEqual(['Hasp on the cover: it would not close', 'Checked at shift change']);
    await command('worker', permitId, 'remove', { tagId });
    const late = await command('worker', permitId, 'note', { tagId, note: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Add note: the tag is Removed; notes are for a tag that hangs or is about to.');
  });

  it('voids a planned tag with a reason only', async () => {
    const { permitId, tagId } = await plannedTag();
    expect((await command('worker', permitId, 'void', { tagId })).statusCode).toBe(400);
    expect((await command('worker', permitId, 'void', { tagId, reason: 'Point taken off' })).json()).toMatchObject({
      state: 'voided',
      voidReason: 'Point taken off',
    });
  });

  it("scopes tags to the facility and the path's permit, and needs the permit type's view permission", async () => {
    const { permitId, tagId } = await plannedTag();
    const otherPermit = await lotoPermit(t, tokens.worker!);
    expect((await command('worker', otherPermit, 'apply', { tagId })).statusCode).toBe(404);
    const riverside = (await login(t.app, { username: 'supervisor', facilityId: 2 })).json<{ token: string }>().token;
    tokens.riverside = riverside;
    expect((await command('riverside', permitId, 'apply', { tagId })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/permits/${permitId}/tags`, headers: { authorization: `Bearer ${riverside}` } }))
        .statusCode,
    ).toBe(404);
    // Contractors lose the LOTO view permission: they may no longer see or apply its tags.
    const contractors = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 1)
      .where('name', '=', 'Contractors')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('group_permissions')
      .where('group_id', '=', contractors.id)
      .where('permission', '=', 'permit:view:LOTO')
      .execute();
    expect((await command('contractor', permitId, 'apply', { tagId })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          url: `/api/permits/${permitId}/tags`,
          headers: { authorization: `Bearer ${tokens.contractor}` },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await db().selectFrom('tags').select('state').where('id', '=', tagId).executeTakeFirstOrThrow()).state,
    ).toBe('planned');
  });
});

describe('public tag status', () => {
  it('answers only the listed fields, without sign-in, and follows the state live', async () => {
    const { permitId, tagId, number } = await plannedTag();
    const token = await tokenOf(tagId);
    const planned = await publicStatus(token);
    expect(planned.statusCode).toBe(200);
    expect(planned.headers['cache-control']).toBe('no-store');
    const body = planned.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'appliedAt',
        'appliedByName',
        'appliedByDepartment',
        'appliedByContact',
        'facilityName',
        'lastChangedAt',
        'legend',
        'number',
        'permitNumber',
        'permitStatusLabel',
        'pointCode',
        'plannedEnd',
        'pointLocation',
        'stateLabel',
        'timeZone',
      ].sort(),
    );
    expect(body).toMatchObject({
      number,
      stateLabel: 'Planned',
      permitStatusLabel: 'Draft',
      appliedByName: null,
      // Nobody has hung it: nobody to name or call.
      appliedByDepartment: null,
      appliedByContact: null,
      pointCode: expect.stringMatching(/^TP-/),
      // What a tag at the equipment stands for, where, and until when, in the facility's zone.
      legend: expect.stringMatching(/DANGER/),
      facilityName: 'North Plant',
      timeZone: 'America/Chicago',
      plannedEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await command('worker', permitId, 'apply', { tagId });
    // Whoever scans it can reach the person who hung it (the demo worker's department and contact).
    expect((await publicStatus(token)).json()).toMatchObject({
      stateLabel: 'Applied',
      appliedByName: 'Wren Worker',
      appliedByDepartment: 'Maintenance — Electrical crew',
      appliedByContact: 'Radio ch. 4 / +1 555 0177',
      appliedAt: expect.any(String),
    });
    // Their contact as it is now, not as it was when the tag went on.
    await db().updateTable('users').set({ contact: 'Radio ch. 9' }).where('user_name', '=', 'worker').execute();
    expect((await publicStatus(token)).json()).toMatchObject({ appliedByContact: 'Radio ch. 9' });
    await db()
      .updateTable('users')
      .set({ contact: 'Radio ch. 4 / +1 555 0177' })
      .where('user_name', '=', 'worker')
      .execute();
    // The permit's tag card names them the same way.
    const card = (
      await t.app.inject({
        url: `/api/permits/${permitId}/tags`,
        headers: { authorization: `Bearer ${tokens.worker}` },
      })
    )
      .json<{ ID: number; appliedBy: unknown }[]>()
      .find((tag) => tag.ID === tagId);
    expect(card?.appliedBy).toMatchObject({
      displayName: 'Wren Worker',
      department: 'Maintenance — Electrical crew',
      contact: 'Radio ch. 4 / +1 555 0177',
    });
    await command('worker', permitId, 'remove', { tagId });
    expect((await publicStatus(token)).json()).toMatchObject({ stateLabel: 'Removed' });
  });

  it('answers scans that arrive together each with its own tag (they share one query), live after a change', async () => {
    const tags = [await plannedTag(), await plannedTag(), await plannedTag()];
    const tokens = await Promise.all(tags.map((tag) => tokenOf(tag.tagId)));
    const numbers = tags.map((tag) => tag.number);
    const scan = () =>
      Promise.all([...tokens, tokens[0]!, 'AAAAAAAAAAAAAAAAAAAAAA', tokens[2]!].map((token) => publicStatus(token)));
    const answers = await scan();
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404, 200]);
    expect(answers.map((a) => (a.statusCode === 200 ? a.json<{ number: string }>().number : null))).toEqual([
      numbers[0],
      numbers[1],
      numbers[2],
      numbers[0],
      null,
      numbers[2],
    ]);
    await command('worker', tags[1]!.permitId, 'apply', { tagId: tags[1]!.tagId });
    expect((await scan())[1]!.json()).toMatchObject({ stateLabel: 'Applied', appliedByName: 'Wren Worker' });
  });

  it('answers a revoked token and an unknown one with the same 404; a renewed link works and the old one stays gone', async () => {
    const { permitId, tagId } = await plannedTag();
    const token = await tokenOf(tagId);
    const revoked = await command('worker', permitId, 'revoke-link', { tagId });
    expect(revoked.json()).toMatchObject({ statusToken: null });
    const gone = await publicStatus(token);
    const unknown = await publicStatus('AAAAAAAAAAAAAAAAAAAAAA');
    expect(gone.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(gone.body).toBe(unknown.body);
    expect(gone.json().message).toBe('This tag link has been revoked or does not exist.');
    const renewed = await command('worker', permitId, 'renew-link', { tagId });
    const fresh = renewed.json<{ statusToken: string }>().statusToken;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh).not.toBe(token);
    expect((await publicStatus(fresh)).statusCode).toBe(200);
    expect((await publicStatus(token)).statusCode).toBe(404);
  });

  it("offers no link command on a closed permit's tags, and refuses one sent anyway", async () => {
    const { permitId, tagId } = await plannedTag();
    // The permit's whole day is not the point here: its record is simply closed.
    await db().updateTable('permits').set({ status: 'closed' }).where('id', '=', permitId).execute();
    const [tag] = (
      await t.app.inject({
        url: `/api/permits/${permitId}/tags`,
        headers: { authorization: `Bearer ${tokens.worker}` },
      })
    ).json<{ allowedCommands: string[] }[]>();
    expect(tag!.allowedCommands).not.toContain('revoke-link');
    expect(tag!.allowedCommands).not.toContain('renew-link');
    const revoke = await command('worker', permitId, 'revoke-link', { tagId });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().message).toBe("Revoke link: the permit is closed; its tags' links stay as they are.");
  });

  it('is rate-limited per address', async () => {
    const limited = await createTestApp({ env: { HASP_TAG_STATUS_MAX_PER_ADDRESS_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.app.inject({ url: '/api/public/tags/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
