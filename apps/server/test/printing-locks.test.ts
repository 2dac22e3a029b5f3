import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';
import { withGrantRevoked } from './support/permit-type-fixtures';

/**
 * Lock labels on the print list (decision 0115) over the real server and PostgreSQL: a registered
 * lock waits until its label is printed (from the print list or from Lock Manage, through the same
 * lock-label commands), reprints count, the label is Lock Manage's own, and only whoever manages
 * locks in the lock's facility sees and prints them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const work = mkdtempSync(path.join(tmpdir(), 'hasp-print-locks-'));

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['supervisor', 'admin']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.otherFacility = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface Item {
  kind: string;
  ID: number;
  number: string;
  permit?: unknown;
  lock?: { serial: string; kind: string; colour: string | null; owner: string | null };
  printedBy: string | null;
  reprintCount: number;
  stamp: string;
}
const list = async (who: string, query: string) => {
  const response = await call(who, 'GET', `/api/print-list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Item[] }>().items;
};
const find = async (who: string, query: string, id: number) =>
  (await list(who, query)).find((i) => i.ID === id && i.kind === 'lock');

async function registered(serial: string) {
  const response = await call('supervisor', 'POST', '/api/locks', { serial, kind: 'hasp', colourId: null, note: '' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ID: number; version: number }>();
}

const markPrinted = (who: string, ids: number[], stamps: string[]) =>
  call(who, 'POST', '/api/print-list/mark-printed', { kind: 'lock', ids, stamps });
const auditOf = (lockId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'reason'])
    .where('entity_type', '=', 'lock-label')
    .where('entity_id', '=', String(lockId))
    .orderBy('id')
    .execute();

/** The PDF's bytes without its creation time: two renderings of the same labels compare equal. */
const timeless = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    // The creation date is written as its own object, so any PDF date string goes, wherever it sits.
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

describe('lock labels on the print list', () => {
  it('a registered lock waits as a lock row (serial, kind, colour, owner; no permit); permit and area filters leave it out', async () => {
    const lock = await registered('PL-LOCK-1');
    const waiting = await find('supervisor', 'kind=lock', lock.ID);
    expect(waiting).toMatchObject({
      kind: 'lock',
      number: 'PL-LOCK-1',
      lock: { serial: 'PL-LOCK-1', kind: 'hasp', colour: null, owner: null },
      reprintCount: 0,
      printedBy: null,
    });
    expect(waiting).not.toHaveProperty('permit');
    // Every kind together holds it too; a permit or area filter (a lock is of neither) leaves it out.
    expect(await find('supervisor', '', lock.ID)).toBeDefined();
    const kinds = new Set((await list('supervisor', 'kind=tag')).map((i) => i.kind));
    expect(kinds.has('lock')).toBe(false);
    for (const filter of ['permitId=1', 'areaId=1', 'kind=lock&permitId=1'])
      expect(
        (await list('supervisor', filter)).some((i) => i.kind === 'lock'),
        filter,
      ).toBe(false);
    expect(await find('supervisor', 'queue=printed&kind=lock', lock.ID)).toBeUndefined();
  });

  it('marks it printed (audited) into Printed, refuses a second mark, counts reprints, and an edited serial waits again', async () => {
    const lock = await registered('PL-LOCK-2');
    const { stamp } = (await find('supervisor', 'kind=lock', lock.ID))!;
    const marked = await markPrinted('supervisor', [lock.ID], [stamp]);
    expect(marked.json()).toEqual({ printed: [lock.ID], refused: [] });
    expect(await find('supervisor', 'kind=lock', lock.ID)).toBeUndefined();
    const printed = await find('supervisor', 'kind=lock&queue=printed', lock.ID);
    expect(printed).toMatchObject({ printedBy: 'Sam Supervisor', reprintCount: 0 });

    const again = await markPrinted('supervisor', [lock.ID], [stamp]);
    expect(again.json<{ refused: { message: string }[] }>().refused[0]!.message).toMatch(/already printed/);

    const reprint = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'lock',
      id: lock.ID,
      reason: 'Label smudged',
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(reprint.json()).toMatchObject({ kind: 'lock', ID: lock.ID, reprintCount: 1 });
    expect(await find('supervisor', 'kind=lock&queue=printed', lock.ID)).toMatchObject({ reprintCount: 1 });
    expect(await auditOf(lock.ID)).toEqual([
      { action: 'lock-label.mark-printed', reason: null },
      { action: 'lock-label.reprint', reason: 'Label smudged' },
    ]);
    // The lock's own row and trail are not printing's.
    const row = await db().selectFrom('locks').select('version').where('id', '=', lock.ID).executeTakeFirstOrThrow();
    expect(row.version).toBe(lock.version);

    // A new serial makes the label on the lock wrong: it waits again, and the old stamp is refused.
    const edit = await call('supervisor', 'PUT', `/api/locks/${lock.ID}`, {
      serial: 'PL-LOCK-2B',
      kind: 'hasp',
      colourId: null,
      note: '',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const waiting = await find('supervisor', 'kind=lock', lock.ID);
    expect(waiting).toMatchObject({ number: 'PL-LOCK-2B' });
    expect((await markPrinted('supervisor', [lock.ID], [stamp])).json<{ refused: unknown[] }>().refused).toHaveLength(
      1,
    );
    expect((await markPrinted('supervisor', [lock.ID], [waiting!.stamp])).json()).toEqual({
      printed: [lock.ID],
      refused: [],
    });
  });

  it("prints Lock Manage's very label (the same QR payload) and Lock Manage's print records it printed, then reprinted", async () => {
    const lock = await registered('PL-LOCK-3');
    const { stamp } = (await find('supervisor', 'kind=lock', lock.ID))!;
    const fromList = await call('supervisor', 'POST', '/api/print-list/pdf', {
      kind: 'lock',
      ids: [lock.ID],
      stamps: [stamp],
    });
    expect(fromList.statusCode, fromList.body).toBe(200);
    expect(fromList.headers['content-type']).toBe('application/pdf');
    // Drawing the PDF does not mark it printed: "Mark printed" does, once it is out of the printer.
    expect(await find('supervisor', 'kind=lock', lock.ID)).toBeDefined();

    const fromLockManage = await call('supervisor', 'POST', `/api/locks/labels?id=${lock.ID}`);
    expect(fromLockManage.statusCode).toBe(200);
    // Same page, same QR code of HASP-LOCK:<facility>:<serial>, same serial: one layout.
    expect(timeless(fromList.rawPayload)).toBe(timeless(fromLockManage.rawPayload));
    const file = path.join(work, 'lock.pdf');
    writeFileSync(file, fromList.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+180 x 90 pts/);
    // The serial may wrap at its hyphen on the narrow label: read it back without the line breaks.
    expect(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s/g, '')).toBe('PL-LOCK-3');

    // Lock Manage's print went through the same command: printed now, and again a reprint.
    expect(await find('supervisor', 'kind=lock&queue=printed', lock.ID)).toMatchObject({ reprintCount: 0 });
    await call('supervisor', 'POST', `/api/locks/labels?id=${lock.ID}`);
    expect(await find('supervisor', 'kind=lock&queue=printed', lock.ID)).toMatchObject({ reprintCount: 1 });
    expect((await auditOf(lock.ID)).map((a) => a.action)).toEqual(['lock-label.mark-printed', 'lock-label.reprint']);
  });

  it('a retired lock leaves both queues and its label is not recorded', async () => {
    const lock = await registered('PL-LOCK-4');
    const { stamp } = (await find('supervisor', 'kind=lock', lock.ID))!;
    expect((await call('supervisor', 'POST', `/api/locks/${lock.ID}/commands/retire`, {})).statusCode).toBe(200);
    expect(await find('supervisor', 'kind=lock', lock.ID)).toBeUndefined();
    const refused = (await markPrinted('supervisor', [lock.ID], [stamp])).json<{ refused: { message: string }[] }>();
    expect(refused.refused[0]!.message).toBe('Lock PL-LOCK-4 is Retired: its label is no longer printed.');
  });

  it("keeps lock labels to the lock's facility and to whoever manages locks", async () => {
    const lock = await registered('PL-LOCK-5');
    const { stamp } = (await find('supervisor', 'kind=lock', lock.ID))!;
    // Another facility: not listed, not found.
    expect(await find('otherFacility', 'kind=lock', lock.ID)).toBeUndefined();
    const pdf = await call('otherFacility', 'POST', '/api/print-list/pdf', { kind: 'lock', ids: [lock.ID] });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toMatchObject({ message: `Lock not found: ${lock.ID}` });
    expect((await markPrinted('otherFacility', [lock.ID], [stamp])).json()).toEqual({
      printed: [],
      refused: [{ ID: lock.ID, message: 'Lock not found' }],
    });
    // The print list without Lock Manage: no lock labels listed, printed or marked.
    await withGrantRevoked(db(), { group: 'Supervisors', permission: 'rightnav:lock-manage' }, async () => {
      expect((await list('supervisor', '')).some((i) => i.kind === 'lock')).toBe(false);
      const refused = await call('supervisor', 'POST', '/api/print-list/pdf', { kind: 'lock', ids: [lock.ID] });
      expect(refused.statusCode).toBe(403);
      const marked = (await markPrinted('supervisor', [lock.ID], [stamp])).json<{ refused: unknown[] }>();
      expect(marked.refused).toHaveLength(1);
      const reprint = await call('supervisor', 'POST', '/api/print-list/reprint', {
        kind: 'lock',
        id: lock.ID,
        reason: 'x',
      });
      expect(reprint.statusCode).toBe(403);
    });
    expect(await auditOf(lock.ID)).toEqual([]);
  });
});
