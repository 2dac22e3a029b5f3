import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sealRefusals,
  signingRefusals,
  type Permit,
  type PermitApprovals,
  type PermitCommand,
  type SigningSealKey,
  type SyncCommand,
} from '@hasp/contracts';
import { currentSealKey } from '../src/modules/signatures';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { permitCore } from './support/permit-draft';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { sealAsBrowser } from './support/seal-signature';
import { signedBody } from './support/signing';
import { deviceOf, type SyncDevice } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * A signed verb queued offline carries its password sealed to the server's key, never in plain text
 * (decision 0102). At sync the signer opens the seal for the queued command
 * (its permit, verb and idempotency key) and checks the password as a typed one: right, the command
 * applies once and the signature keeps the device's signing time beside the server's; wrong, or
 * sealed for another command, the queued command is rejected with the signer's words and nothing
 * changes.
 */
let t: TestApp;
let lotoId: number;
let key: SigningSealKey;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });
const expectOk = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as Permit;
};
const permit = async (id: number) => (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();
const signatures = async (id: number) =>
  (await call('worker', 'GET', `/api/permits/${id}/signatures`)).json<PermitApprovals>().signatures;

// Begun ten minutes ago: the holder may accept at once (accept waits for the start).
const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000).toISOString();
// The device's clock when the contractor typed the password offline, a while before the sync.
const typedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 40 * 60_000).toISOString();

/** A LOTO permit issued to the contractor (its holder), ready to be accepted. */
async function issued(): Promise<Permit> {
  const core = permitCore({ plannedStart: start, holderId: ids.contractor!, title: `Sealed ${randomUUID()}` });
  let p = expectOk(await call('worker', 'POST', '/api/permits', { permitTypeId: lotoId, ...core }));
  const steps: [string, PermitCommand][] = [
    ['worker', 'request'],
    ['supervisor', 'approve'],
    ['supervisor', 'isolate'],
    ['admin', 'issue'],
  ];
  for (const [as, verb] of steps)
    p = expectOk(await call(as, 'POST', `/api/permits/${p.ID}/commands/${verb}`, signedBody(verb)));
  expect(p.status).toBe('issued');
  return p;
}

/** The contractor's device with Accept queued, its password sealed for `sealedFor` (default: that very command). */
async function queuedAccept(p: Permit, password: string, sealedFor?: Partial<{ commandId: string; verb: string }>) {
  const device = await deviceOf(t.app, 'contractor', DEMO_PASSWORD);
  const command = device.queue('permit.accept', p.ID, {}, p.version);
  const sealedSignature = await sealAsBrowser(key, {
    password,
    permitId: p.ID,
    verb: 'accept',
    commandId: command.idempotencyKey,
    signedAt: typedAt,
    ...sealedFor,
  });
  command.input = { sealedSignature };
  return { device, command };
}

/** The one answer of a push of this command. */
async function pushed(device: SyncDevice, command: SyncCommand) {
  const response = await device.send([command]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results[0]!;
}

const refusalsOf = (permitId: number) =>
  db()
    .selectFrom('audit_log')
    .select(['reason', 'after'])
    .where('action', '=', 'signature.refused')
    .where(sql<string>`after->>'permitId'`, '=', String(permitId))
    .orderBy('id')
    .execute();

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
  key = await currentSealKey(db());
});
afterAll(() => t?.close());

describe('a signed verb queued offline with its password sealed', () => {
  it('applies at sync with the right password, once, and keeps the device signing time beside the server time', async () => {
    const p = await issued();
    const { device, command } = await queuedAccept(p, DEMO_PASSWORD);
    const answer = await pushed(device, command);
    expect(answer, JSON.stringify(answer.error)).toMatchObject({ outcome: 'applied' });
    expect((await permit(p.ID)).status).toBe('active');
    const [accepted] = await signatures(p.ID);
    expect(accepted).toMatchObject({ verb: 'accept', signerId: ids.contractor, method: 'password', valid: true });
    const row = await db()
      .selectFrom('permit_signatures')
      .select(['signed_at', 'device_signed_at'])
      .where('id', '=', accepted!.ID)
      .executeTakeFirstOrThrow();
    expect(new Date(row.device_signed_at!).toISOString()).toBe(typedAt);
    // The record's own time is the server's, when the sync applied it.
    expect(new Date(row.signed_at).getTime()).toBeGreaterThan(new Date(typedAt).getTime() + 30 * 60_000);
    // Neither the stored input nor the audit row holds the seal (the database holds the key that opens it).
    const stored = await db()
      .selectFrom('sync_commands')
      .select('input')
      .where('idempotency_key', '=', command.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.input)).not.toContain('sealedSignature');
  });

  it('is rejected at sync with a wrong password, with the signer words, and nothing changes', async () => {
    const p = await issued();
    const before = await signatures(p.ID);
    const { device, command } = await queuedAccept(p, 'not-the-password');
    const answer = await pushed(device, command);
    expect(answer.outcome).toBe('rejected');
    expect(answer.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: signingRefusals.wrongPassword,
      details: [{ field: 'sealedSignature', message: signingRefusals.wrongPassword }],
    });
    const after = await permit(p.ID);
    expect([after.status, after.version]).toEqual([p.status, p.version]);
    expect(await signatures(p.ID)).toEqual(before);
    expect((await refusalsOf(p.ID)).map((r) => r.reason)).toEqual(['wrong password']);
  });

  it('is rejected when sealed for another queued command or another verb, and nothing changes', async () => {
    const p = await issued();
    const before = await signatures(p.ID);
    for (const other of [{ commandId: randomUUID() }, { verb: 'complete-work' }]) {
      const { device, command } = await queuedAccept(p, DEMO_PASSWORD, other);
      const answer = await pushed(device, command);
      expect(answer.outcome, JSON.stringify(other)).toBe('rejected');
      expect(answer.error).toMatchObject({ code: 'VALIDATION_FAILED', message: sealRefusals.otherCommand });
    }
    const after = await permit(p.ID);
    expect([after.status, after.version]).toEqual([p.status, p.version]);
    expect(await signatures(p.ID)).toEqual(before);
    // Audited as refused signings; no password was tried, so none counts toward the rate limit.
    expect((await refusalsOf(p.ID)).map((r) => r.reason)).toEqual([
      'sealed signature refused',
      'sealed signature refused',
    ]);
  });

  it('sent again (a replay of the same queued command) applies once: one signature, the same answer', async () => {
    const p = await issued();
    const { device, command } = await queuedAccept(p, DEMO_PASSWORD);
    const first = await pushed(device, command);
    const again = await pushed(device, command);
    expect(first.outcome).toBe('applied');
    expect(again).toEqual(first);
    const accepts = (await signatures(p.ID)).filter((s) => s.verb === 'accept');
    expect(accepts).toHaveLength(1);
    expect((await permit(p.ID)).version).toBe(first.version);
  });
});
