import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  editInvalidationReason,
  localTimeWithOffset,
  signatureMeaningOf,
  signingRefusals,
  type Permit,
  type PermitApprovals,
  type PermitCommand,
  type PermitSignature,
} from '@hasp/contracts';
import { permitCore } from './support/permit-draft';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { HANDOVER_NOTES } from './support/signing';

/**
 * Every verb that hands over responsibility is electronically signed (decision 0101): issue, accept,
 * hand-over and complete-work, like approve, take the signer's password again; without it or with
 * a wrong one nothing changes; with it the signature is stored with its meaning. An approval cleared
 * by an edit stays stored, marked invalidated with when and why, and the PDF prints every signature
 * with name, time with UTC offset and meaning. (The (e)(3) removal: abandoned-removals.test.ts.)
 */
const run = promisify(execFile);
let t: TestApp;
let dir: string;
let lotoId: number;
let timeZone: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const command = (as: string, id: number, verb: PermitCommand, body: object) =>
  call(as, 'POST', `/api/permits/${id}/commands/${verb}`, body);
const expectOk = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as Permit;
};
const permit = async (id: number) => (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();
const signatures = async (id: number) =>
  (await call('worker', 'GET', `/api/permits/${id}/signatures`)).json<PermitApprovals>().signatures;

// Begun ten minutes ago: the holder may accept at once (accept waits for the start).
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000).toISOString();

/** A worker's LOTO permit held by the contractor, requested. */
async function requested(): Promise<Permit> {
  const core = permitCore({ plannedStart: start, holderId: ids.contractor!, title: 'Replace the gearbox seal' });
  const created = expectOk(await call('worker', 'POST', '/api/permits', { permitTypeId: lotoId, ...core }));
  return expectOk(await command('worker', created.ID, 'request', {}));
}

/**
 * The verb is refused without a password (the body's other fields given) and with a wrong one —
 * the permit, its version and its signatures as they were — then applied with the right one,
 * which stores one signature of the verb, with its meaning, by the signer.
 */
async function signedOnlyWithPassword(as: string, id: number, verb: PermitCommand, fields: object = {}) {
  const before = await permit(id);
  const signedBefore = await signatures(id);
  const unsigned = await command(as, id, verb, fields);
  expect(unsigned.statusCode, `${verb} without a password: ${unsigned.body}`).toBe(400);
  expect(unsigned.body).toContain('Enter your password to sign');
  const wrong = await command(as, id, verb, { ...fields, password: 'not-the-password' });
  expect(wrong.statusCode, `${verb} with a wrong password: ${wrong.body}`).toBe(422);
  expect(wrong.json<{ message: string }>().message).toBe(signingRefusals.wrongPassword);
  const unchanged = await permit(id);
  expect([unchanged.status, unchanged.version], `${verb} refused: the permit unchanged`).toEqual([
    before.status,
    before.version,
  ]);
  expect(await signatures(id)).toEqual(signedBefore);

  const applied = expectOk(await command(as, id, verb, { ...fields, password: DEMO_PASSWORD }));
  expect(applied.status).not.toBe(before.status);
  const [newest, ...rest] = await signatures(id);
  expect(rest.map((s) => s.ID)).toEqual(signedBefore.map((s) => s.ID));
  expect(newest).toMatchObject({
    verb,
    signerId: ids[as],
    stagePosition: null,
    meaning: signatureMeaningOf(verb as Exclude<PermitSignature['verb'], 'approve'>).defaultCaption,
    valid: true,
    invalidated: null,
  });
  return applied;
}

beforeAll(async () => {
  t = await createTestApp();
  await withoutIsolationPlan(db());
  await withoutQuestions(db());
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  lotoId = await permitTypeIdOf(db(), 'LOTO');
  timeZone = (await db().selectFrom('facilities').select('time_zone').where('id', '=', 1).executeTakeFirstOrThrow())
    .time_zone;
  dir = await mkdtemp(join(tmpdir(), 'hasp-signed-verbs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t?.close();
});

describe('signed verbs', () => {
  let id: number;

  it('an approval cleared by an edit stays stored, marked invalidated with when and why, beside its replacement', async () => {
    id = (await requested()).ID;
    expectOk(await command('supervisor', id, 'approve', { password: DEMO_PASSWORD }));
    const edited = expectOk(
      await command(
        'worker',
        id,
        'edit',
        permitCore({ plannedStart: start, holderId: ids.contractor!, title: 'Replace the gearbox seal and bearing' }),
      ),
    );
    expect(edited.status).toBe('requested');
    const [cleared] = await signatures(id);
    expect(cleared).toMatchObject({ verb: 'approve', valid: false });
    expect(cleared!.invalidated).toMatchObject({ reason: editInvalidationReason(edited.revision) });
    expect(cleared!.invalidated!.atLocal).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d$/);

    expectOk(await command('supervisor', id, 'approve', { password: DEMO_PASSWORD }));
    const [replacement, invalidated] = await signatures(id);
    expect(replacement).toMatchObject({ verb: 'approve', valid: true, invalidated: null, revision: edited.revision });
    expect(invalidated).toMatchObject({ ID: cleared!.ID, valid: false, invalidated: cleared!.invalidated });
  });

  it('issue, accept, hand-over and complete-work: refused without a fresh password, signed with it', async () => {
    expectOk(await command('supervisor', id, 'isolate', {}));
    await signedOnlyWithPassword('admin', id, 'issue');
    await signedOnlyWithPassword('contractor', id, 'accept');
    await signedOnlyWithPassword('contractor', id, 'hand-over', { newHolderId: ids.worker, ...HANDOVER_NOTES });
    // The new holder accepts: a signature of their own, acknowledging the handover notes.
    expectOk(await command('worker', id, 'accept', { password: DEMO_PASSWORD, acknowledgesHandover: true }));
    const done = await signedOnlyWithPassword('worker', id, 'complete-work');
    expect(done.status).toBe('work_complete');
    expect((await signatures(id)).map((s) => s.verb).reverse()).toEqual([
      'approve',
      'approve',
      'issue',
      'accept',
      'hand-over',
      'accept',
      'complete-work',
    ]);
  });

  it('the PDF shows each signature with name, time with UTC offset and meaning, the invalidated one marked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/permits/${id}/pdf`,
      headers: { authorization: `Bearer ${tokens.worker}`, host: 'hasp.example.test' },
    });
    expect(response.statusCode).toBe(200);
    const file = join(dir, `${id}.pdf`);
    await writeFile(file, response.rawPayload);
    const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
    const all = [...(await signatures(id))].reverse();
    let from = 0;
    for (const s of all) {
      const meaning = s.meaning.charAt(0).toUpperCase() + s.meaning.slice(1);
      const at = localTimeWithOffset(new Date(s.signedAt), timeZone);
      expect(at).toMatch(/[+-]\d\d:\d\d$/);
      const line = `${meaning}: ${s.signerName}, ${at}`;
      // In the order given, each after the one before.
      const found = text.indexOf(line, from);
      expect(found, `the PDF prints "${line}"`).toBeGreaterThanOrEqual(0);
      from = found + line.length;
      if (s.invalidated) {
        const mark = `Invalidated ${s.invalidated.atLocal}: ${s.invalidated.reason}`;
        // Under the invalidated signature, before the approval that replaces it (searched from here on).
        const marked = text.indexOf(mark, from);
        expect(marked, `the PDF prints "${mark}"`).toBeGreaterThanOrEqual(0);
        from = marked + mark.length;
      }
    }
  });
});
