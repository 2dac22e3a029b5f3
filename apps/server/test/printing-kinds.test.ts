import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_PERMIT_PDF_LIMIT } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';
import { withGrantRevoked } from './support/permit-type-fixtures';
import { lotoPermit, planPoints } from './support/tag-fixtures';

/**
 * The print list's permits (job-site copies) and lockbox labels over the real server and
 * PostgreSQL (decision 0074): the queues and their filters, one PDF per kind read back with poppler,
 * mark printed and reprint through the print record commands (audited, with the reason), a change to
 * the permit making it wait again, the facility scope and permit:view:<CODE>. The permits are made
 * through the API and put in force directly (the lifecycle's own tests walk the commands).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const work = mkdtempSync(path.join(tmpdir(), 'hasp-print-kinds-'));

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.otherFacility = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
    payload: payload as object,
  });

const userOf = (userName: string) =>
  db().selectFrom('users').select(['id', 'display_name']).where('user_name', '=', userName).executeTakeFirstOrThrow();

interface Item {
  kind: string;
  ID: number;
  number: string;
  area: { ID: number } | null;
  detail: string | null;
  printedAt: string | null;
  printedBy: string | null;
  reprintCount: number;
  stamp: string;
}
const list = async (who: string, query: string) => {
  const response = await call(who, 'GET', `/api/print-list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Item[] }>().items;
};

/**
 * "Mark printed" as the screen sends it: with the stamps the caller's print list shows now (waiting
 * or printed); an item it does not show gets a stamp that matches nothing.
 */
const markShown = async (kind: string, ids: number[], who = 'supervisor') => {
  const shown = [...(await list(who, `kind=${kind}`)), ...(await list(who, `kind=${kind}&queue=printed`))];
  const stamps = ids.map((id) => shown.find((i) => i.ID === id)?.stamp ?? 'not shown');
  return call(who, 'POST', '/api/print-list/mark-printed', { kind, ids, stamps });
};

/** A LOTO permit put in force (`status`, held by the contractor): its ID, number and area. */
async function permitIn(status: 'issued' | 'active' | 'draft', title = 'Print kinds permit') {
  const id = await lotoPermit(t, tokens.worker!, title);
  const contractor = await userOf('contractor');
  return db()
    .updateTable('permits')
    .set({ status, holder_id: contractor.id })
    .where('id', '=', id)
    .returning(['id', 'number', 'area_id'])
    .executeTakeFirstOrThrow();
}

const pdf = async (kind: string, ids: number[], who = 'supervisor') => {
  const response = await call(who, 'POST', '/api/print-list/pdf', { kind, ids });
  const file = path.join(work, `${kind}-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, response.rawPayload);
  const read = (tool: string) =>
    execFileSync(tool, [file, '-'].slice(0, tool === 'pdfinfo' ? 1 : 2), { encoding: 'utf8' });
  return { response, text: () => read('pdftotext').replace(/\s+/g, ' '), info: () => read('pdfinfo') };
};

const auditOf = (action: string, entityId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'reason', 'user_id', 'after'])
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();

describe('permits on the print list', () => {
  it('lists issued and active permits not printed as they are now, filtered by kind, permit and area', async () => {
    const issued = await permitIn('issued');
    const draft = await permitIn('draft');
    const waiting = await list('supervisor', 'kind=permit');
    expect(waiting.map((i) => i.ID)).toContain(issued.id);
    expect(waiting.map((i) => i.ID)).not.toContain(draft.id);
    expect(waiting.every((i) => i.kind === 'permit')).toBe(true);
    const one = await list('supervisor', `kind=permit&permitId=${issued.id}`);
    expect(one).toMatchObject([
      { kind: 'permit', ID: issued.id, number: issued.number, area: { ID: issued.area_id }, printedAt: null },
    ]);
    expect(one[0]!.detail).toBe('LOTO Permit');
    expect((await list('supervisor', `kind=permit&areaId=${issued.area_id}`)).map((i) => i.ID)).toContain(issued.id);
    const otherArea = await db()
      .selectFrom('areas')
      .select('id')
      .where('facility_id', '=', 1)
      .where('id', '!=', issued.area_id!)
      .executeTakeFirstOrThrow();
    expect((await list('supervisor', `kind=permit&areaId=${otherArea.id}`)).map((i) => i.ID)).not.toContain(issued.id);
    // Kind tag: the permit is not a tag; no kind: every kind.
    expect(await list('supervisor', `kind=tag&permitId=${issued.id}`)).toEqual([]);
    expect((await list('supervisor', `permitId=${issued.id}`)).map((i) => i.kind)).toEqual(['permit']);
  });

  it("prints the chosen permits' job-site copies into one PDF, in the order asked", async () => {
    const a = await permitIn('issued', 'Replace the gearbox of conveyor 7');
    const b = await permitIn('active', 'Clean the hopper of mixer 2');
    const { response, text } = await pdf('permit', [b.id, a.id]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const words = text();
    expect(words).toContain('Clean the hopper of mixer 2');
    expect(words).toContain('Replace the gearbox of conveyor 7');
    expect(words.indexOf(b.number)).toBeLessThan(words.indexOf(a.number));
    expect(words).toContain(`Printed`);
    const other = await pdf('permit', [a.id], 'otherFacility');
    expect(other.response.statusCode).toBe(404);
    expect(other.response.json<{ message: string }>().message).toBe(`Permit not found: ${a.id}`);
  });

  it('draws at most PRINT_PERMIT_PDF_LIMIT permits in one PDF, and says so at the field', async () => {
    const a = await permitIn('issued', 'One of many');
    const many = await pdf(
      'permit',
      Array.from({ length: PRINT_PERMIT_PDF_LIMIT + 1 }, () => a.id),
    );
    expect(many.response.statusCode).toBe(400);
    expect(many.response.json()).toMatchObject({
      details: [
        {
          field: 'ids',
          message: `Choose at most ${PRINT_PERMIT_PDF_LIMIT} permits for one PDF; print the rest in another.`,
        },
      ],
    });
  });

  it('records only the copy its PDF was drawn from: a permit changed in between is refused, not marked', async () => {
    const permit = await permitIn('issued');
    const contractor = await userOf('contractor');
    const [item] = await list('supervisor', `kind=permit&permitId=${permit.id}`);
    expect(item!.stamp).toBe(`r0e0h${contractor.id}`);
    const body = { kind: 'permit', ids: [permit.id], stamps: [item!.stamp] };
    expect((await call('supervisor', 'POST', '/api/print-list/pdf', body)).statusCode).toBe(200);
    // Extended after the PDF was made: the paper shows the old validity.
    await db().updateTable('permits').set({ extension_count: 1 }).where('id', '=', permit.id).execute();
    const stale = await call('supervisor', 'POST', '/api/print-list/mark-printed', body);
    expect(stale.json()).toEqual({
      printed: [],
      refused: [{ ID: permit.id, message: expect.stringContaining('changed after its PDF was made') }],
    });
    expect(await auditOf('permit-print.mark-printed', permit.id)).toEqual([]);
    // A PDF asked with the old stamp is refused too, naming the permit; with the new one it prints and marks.
    const pdfStale = await call('supervisor', 'POST', '/api/print-list/pdf', body);
    expect(pdfStale.statusCode).toBe(409);
    expect(pdfStale.json<{ message: string }>().message).toContain(String(permit.id));
    const [now] = await list('supervisor', `kind=permit&permitId=${permit.id}`);
    expect(now!.stamp).toBe(`r0e1h${contractor.id}`);
    const fresh = { ...body, stamps: [now!.stamp] };
    expect((await call('supervisor', 'POST', '/api/print-list/pdf', fresh)).statusCode).toBe(200);
    expect((await call('supervisor', 'POST', '/api/print-list/mark-printed', fresh)).json()).toEqual({
      printed: [permit.id],
      refused: [],
    });
    // Stamps must pair with the items.
    const unpaired = await call('supervisor', 'POST', '/api/print-list/mark-printed', { ...body, stamps: [] });
    expect(unpaired.statusCode).toBe(400);
    // And are required: without them the permit as it is when the command runs would be recorded,
    // though the paper may show another copy (decision 0083).
    const unstamped = await call('supervisor', 'POST', '/api/print-list/mark-printed', { kind: 'permit', ids: [1] });
    expect(unstamped.statusCode).toBe(400);
    expect(unstamped.json()).toMatchObject({ details: [{ field: 'stamps' }] });
  });

  it('marks a permit printed (audited), lists it as printed by whom, and a changed permit waits again', async () => {
    const permit = await permitIn('issued');
    const draft = await permitIn('draft');
    const marked = await markShown('permit', [permit.id, draft.id]);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({
      printed: [permit.id],
      refused: [{ ID: draft.id, message: expect.stringContaining('The permit is Draft') }],
    });
    const supervisor = await userOf('supervisor');
    expect(await auditOf('permit-print.mark-printed', permit.id)).toMatchObject([
      { user_id: supervisor.id, after: { number: permit.number, printed: { revision: 0, extensionCount: 0 } } },
    ]);
    expect(await list('supervisor', `kind=permit&permitId=${permit.id}`)).toEqual([]);
    const printed = await list('supervisor', `queue=printed&kind=permit&permitId=${permit.id}`);
    expect(printed).toMatchObject([{ ID: permit.id, printedBy: supervisor.display_name, reprintCount: 0 }]);
    expect(printed[0]!.printedAt).not.toBeNull();
    // Twice: the second is refused, the first stays the one record.
    const again = await markShown('permit', [permit.id]);
    expect(again.json()).toEqual({
      printed: [],
      refused: [{ ID: permit.id, message: expect.stringContaining('already printed') }],
    });
    // An extension moves the validity: the copy on site is stale, the permit waits again.
    await db().updateTable('permits').set({ extension_count: 1 }).where('id', '=', permit.id).execute();
    expect((await list('supervisor', `kind=permit&permitId=${permit.id}`)).map((i) => i.ID)).toEqual([permit.id]);
    expect(await list('supervisor', `queue=printed&kind=permit&permitId=${permit.id}`)).toEqual([]);
  });

  it('reprints a printed permit only with a reason, audited with it; never one waiting', async () => {
    const permit = await permitIn('active');
    const waiting = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'permit',
      id: permit.id,
      reason: 'Rain',
    });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json<{ message: string }>().message).toContain('only a printed permit');
    await markShown('permit', [permit.id]);
    const noReason = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'permit',
      id: permit.id,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Reason is required');
    const key = { 'idempotency-key': `permit-reprint-${permit.id}` };
    const body = { kind: 'permit', id: permit.id, reason: 'Soaked in the rain' };
    const first = await call('supervisor', 'POST', '/api/print-list/reprint', body, key);
    const replay = await call('supervisor', 'POST', '/api/print-list/reprint', body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ kind: 'permit', ID: permit.id, reprintCount: 1, version: 2 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await auditOf('permit-print.reprint', permit.id)).toMatchObject([
      { reason: 'Soaked in the rain', user_id: (await userOf('supervisor')).id },
    ]);
    const stale = await call('supervisor', 'POST', '/api/print-list/reprint', body, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect((await list('supervisor', `queue=printed&permitId=${permit.id}`))[0]!.reprintCount).toBe(1);
  });

  it("keeps another facility's permit not found, and a type the caller may not view out of sight", async () => {
    const permit = await permitIn('issued');
    const other = await markShown('permit', [permit.id], 'otherFacility');
    expect(other.json()).toEqual({ printed: [], refused: [{ ID: permit.id, message: 'Permit not found' }] });
    expect(
      (await call('otherFacility', 'POST', '/api/print-list/reprint', { kind: 'permit', id: permit.id, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(await list('otherFacility', `kind=permit&permitId=${permit.id}`)).toEqual([]);
    await withGrantRevoked(db(), { group: 'Supervisors', permission: 'permit:view:LOTO' }, async () => {
      expect(await list('supervisor', `kind=permit&permitId=${permit.id}`)).toEqual([]);
      expect((await pdf('permit', [permit.id])).response.statusCode).toBe(404);
      const refused = await markShown('permit', [permit.id]);
      expect(refused.json<{ refused: { message: string }[] }>().refused[0]!.message).toBe(
        'You do not have permission to do this',
      );
    });
    expect(await auditOf('permit-print.mark-printed', permit.id)).toEqual([]);
  });
});

describe('lockbox labels on the print list', () => {
  /** An open lockbox on an issued permit, with two isolation locks on its points (their keys go in the box). */
  async function openLockbox() {
    const permit = await permitIn('issued', 'Group lockout of the kiln');
    const supervisor = await userOf('supervisor');
    const run = Math.random().toString(36).slice(2, 7).toUpperCase();
    const points = await planPoints(db(), permit.id, 2);
    for (const [i, planPointId] of points.entries()) {
      const lock = await db()
        .insertInto('locks')
        .values({ facility_id: 1, serial: `LB-${run}-${i + 1}`, kind: 'padlock', status: 'available' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('lock_applications')
        .values({
          facility_id: 1,
          lock_id: lock.id,
          permit_id: permit.id,
          plan_point_id: planPointId,
          applied_by: supervisor.id,
          applied_at: new Date(),
        })
        .execute();
    }
    const box = await db()
      .insertInto('lockboxes')
      .values({ facility_id: 1, permit_id: permit.id, number: `LB-${run}`, primary_user_id: supervisor.id })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    return { permit, box, run, supervisor };
  }

  it('lists an open lockbox not labelled, prints a 4 × 3 in label with its permit and locks, marks and reprints it', async () => {
    const { permit, box, run, supervisor } = await openLockbox();
    const waiting = await list('supervisor', `kind=lockbox&permitId=${permit.id}`);
    expect(waiting).toMatchObject([
      { kind: 'lockbox', ID: box.id, number: box.number, detail: supervisor.display_name, printedAt: null },
    ]);
    expect((await list('supervisor', `kind=lockbox&areaId=${permit.area_id}`)).map((i) => i.ID)).toContain(box.id);

    const label = await pdf('lockbox', [box.id]);
    expect(label.response.statusCode).toBe(200);
    expect(label.info()).toMatch(/Page size:\s+288 x 216 pts/);
    const words = label.text();
    for (const word of [
      'GROUP LOCKBOX',
      box.number,
      permit.number,
      supervisor.display_name,
      `LB-${run}-1, LB-${run}-2`,
    ])
      expect(words).toContain(word);

    const marked = await markShown('lockbox', [box.id]);
    expect(marked.json()).toEqual({ printed: [box.id], refused: [] });
    expect(await auditOf('lockbox-label.mark-printed', box.id)).toHaveLength(1);
    expect(await list('supervisor', `kind=lockbox&permitId=${permit.id}`)).toEqual([]);
    expect(await list('supervisor', `queue=printed&kind=lockbox&permitId=${permit.id}`)).toMatchObject([
      { ID: box.id, printedBy: supervisor.display_name },
    ]);
    const reprint = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'lockbox',
      id: box.id,
      reason: 'Label peeled off',
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(await auditOf('lockbox-label.reprint', box.id)).toMatchObject([{ reason: 'Label peeled off' }]);

    // Released: off both queues, and no longer printed.
    await db()
      .updateTable('lockboxes')
      .set({ released_at: new Date(), released_by: supervisor.id })
      .where('id', '=', box.id)
      .execute();
    expect(await list('supervisor', `queue=printed&kind=lockbox&permitId=${permit.id}`)).toEqual([]);
    const released = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'lockbox',
      id: box.id,
      reason: 'x',
    });
    expect(released.json<{ message: string }>().message).toContain('released');
  });

  it('puts a labelled lockbox back on the waiting list when a lock is applied or removed (the label lists the keys)', async () => {
    const { permit, box, run, supervisor } = await openLockbox();
    const waiting = async () => (await list('supervisor', `kind=lockbox&permitId=${permit.id}`)).map((i) => i.ID);
    // The list's stamp (computed in SQL) is the one the command computes: marking with it works.
    const [listed] = await list('supervisor', `kind=lockbox&permitId=${permit.id}`);
    const withStamp = await call('supervisor', 'POST', '/api/print-list/mark-printed', {
      kind: 'lockbox',
      ids: [box.id],
      stamps: [listed!.stamp],
    });
    expect(withStamp.json()).toEqual({ printed: [box.id], refused: [] });
    expect(await waiting()).toEqual([]);

    // A third lock goes on: its key is in the box, not on the label.
    const [third] = await planPoints(db(), permit.id, 1);
    const lock = await db()
      .insertInto('locks')
      .values({ facility_id: 1, serial: `LB-${run}-3`, kind: 'padlock', status: 'available' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applied = await db()
      .insertInto('lock_applications')
      .values({
        facility_id: 1,
        lock_id: lock.id,
        permit_id: permit.id,
        plan_point_id: third!,
        applied_by: supervisor.id,
        applied_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await waiting()).toEqual([box.id]);
    expect(await list('supervisor', `queue=printed&kind=lockbox&permitId=${permit.id}`)).toEqual([]);
    // A reprint would repeat the wrong label: it is printed anew.
    const reprint = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'lockbox',
      id: box.id,
      reason: 'x',
    });
    expect(reprint.statusCode).toBe(409);
    // (pdftotext joins a serial broken at its hyphen across lines.)
    expect((await pdf('lockbox', [box.id])).text()).toMatch(new RegExp(`LB-${run}-1, LB-${run}-2, LB-?${run}-3`));
    expect((await markShown('lockbox', [box.id])).json()).toEqual({ printed: [box.id], refused: [] });
    expect(await waiting()).toEqual([]);
    const audits = await auditOf('lockbox-label.mark-printed', box.id);
    expect(audits.map((a) => (a.after as { keys: string[] }).keys)).toEqual([
      [`LB-${run}-1`, `LB-${run}-2`],
      [`LB-${run}-1`, `LB-${run}-2`, `LB-${run}-3`],
    ]);

    // The lock comes off again: the label now lists a key that is not in the box.
    await db()
      .updateTable('lock_applications')
      .set({ removed_at: new Date(), removal: 'removed', removed_by: supervisor.id })
      .where('id', '=', applied.id)
      .execute();
    expect(await waiting()).toEqual([box.id]);
  });

  it("words the label in the facility's language, whoever prints it", async () => {
    const { box } = await openLockbox();
    const before = await db()
      .selectFrom('facilities')
      .select('default_language_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db().updateTable('facilities').set({ default_language_id: spanish.id }).where('id', '=', 1).execute();
    try {
      const words = (await pdf('lockbox', [box.id])).text();
      expect(words).toContain('CAJA DE BLOQUEO GRUPAL');
      expect(words).toContain('Contiene:');
    } finally {
      await db().updateTable('facilities').set(before).where('id', '=', 1).execute();
    }
  });

  it("keeps another facility's lockbox not found, and a type the caller may not view out of sight", async () => {
    const { permit, box } = await openLockbox();
    expect((await pdf('lockbox', [box.id], 'otherFacility')).response.json<{ message: string }>().message).toBe(
      `Lockbox not found: ${box.id}`,
    );
    const other = await markShown('lockbox', [box.id], 'otherFacility');
    expect(other.json()).toEqual({ printed: [], refused: [{ ID: box.id, message: 'Lockbox not found' }] });
    await withGrantRevoked(db(), { group: 'Supervisors', permission: 'permit:view:LOTO' }, async () => {
      expect(await list('supervisor', `kind=lockbox&permitId=${permit.id}`)).toEqual([]);
      expect((await pdf('lockbox', [box.id])).response.statusCode).toBe(404);
    });
    // The worker has no Print List at all.
    expect((await call('worker', 'POST', '/api/print-list/pdf', { kind: 'lockbox', ids: [box.id] })).statusCode).toBe(
      403,
    );
  });
});
