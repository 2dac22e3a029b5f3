import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedCommands,
  permitCommands,
  permitTransitions,
  REJECTION_REASON_OTHER,
  REJECTION_REASONS_LIST,
  terminalPermitStatuses,
  type Permit,
  type PermitCommand,
} from '@hasp/contracts';
import { withoutIsolationPlan } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { createTestApp, DEMO_PASSWORD, login, type TestApp } from './test-app';
import { HANDOVER_NOTES } from './support/signing';

/**
 * The lifecycle's invariants under random command sequences by random users, over HTTP on the real
 * server (fast-check, fixed seed): every applied command is a row of the transition table (no
 * skipped state), each applies exactly one version, the requester never approves, the issuer never
 * holds, closed and cancelled permits never change, and every refusal is a 4xx that changes nothing.
 */
const SEED = Number(process.env.HASP_LIFECYCLE_SEED ?? 15_2026);
const RUNS = Number(process.env.HASP_LIFECYCLE_RUNS ?? 100);
const users = ['admin', 'supervisor', 'worker', 'contractor'] as const;
type User = (typeof users)[number];

let t: TestApp;
const tokens = {} as Record<User, string>;
const ids = {} as Record<User, number>;
const permissions = {} as Record<User, Set<string>>;
let loto: number;
/** A rejection reason that needs no note (the facility's "Rejection reasons" list). */
let rejectionReasonId: number;
const verbs = permitCommands.filter((c) => c !== 'expire');
// Begun ten minutes ago (on the minute): accept waits for the start, and the sequences need it reached.
const start = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
const at = (h: number) => new Date(start + h * 3_600_000).toISOString();
let counter = 0;

const call = (as: User, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

function bodyFor(verb: PermitCommand, permit: Permit, pick: number): object | undefined {
  const someone = users[pick % users.length]!;
  switch (verb) {
    case 'edit':
      return {
        title: `Property edit ${++counter}`,
        description: '',
        workMethod: '',
        areaId: null,
        assetIds: [],
        plannedStart: permit.plannedStart,
        plannedEnd: at(4 + (pick % 3)),
        holderId: pick % 5 === 0 ? null : ids[someone],
        riskLevel: null,
      };
    case 'suspend':
    case 'cancel':
      return { reason: `Reason ${pick}` };
    case 'extend':
      return { plannedEnd: new Date(Date.parse(permit.plannedEnd) + ((pick % 8) + 1) * 3_600_000).toISOString() };
    case 'hand-over':
      // Handing over is signed, like every verb that hands over responsibility.
      return { newHolderId: ids[someone], ...HANDOVER_NOTES, password: DEMO_PASSWORD };
    case 'reject':
      return { reasonId: rejectionReasonId, note: `Reason ${pick}` };
    case 'approve':
    case 'issue':
    case 'complete-work':
      // An electronic signature: the signer's password, re-checked.
      return { password: DEMO_PASSWORD };
    case 'accept':
      // After a hand-over the new holder acknowledges its notes (ignored when none is pending).
      return { password: DEMO_PASSWORD, acknowledgesHandover: true };
    default:
      return undefined;
  }
}

const step = fc.record({
  user: fc.nat(users.length - 1),
  verb: fc.nat(verbs.length - 1),
  // Most steps press a button someone has, so sequences reach the later states.
  smart: fc.nat(9).map((n) => n < 8),
  pick: fc.nat(1000),
});

/** The buttons a user sees on this permit (the contracts' table; the server answers the same). */
const buttonsOf = (permit: Permit, as: User) =>
  allowedCommands(
    {
      status: permit.status,
      typeCode: 'LOTO',
      requesterId: permit.requester.ID,
      holderId: permit.holder?.ID ?? null,
      issuerId: permit.issuer?.ID ?? null,
      approverIds: permit.approvals.map((a) => a.user.ID),
      plannedStart: permit.plannedStart,
      plannedEnd: permit.plannedEnd,
      extensionCount: permit.extensionCount,
      maxExtensions: 2,
      maxValidityHours: 24,
      now: new Date(),
    },
    { userId: ids[as], permissions: permissions[as], isSystem: false },
  ).filter((c) => c !== 'expire');

beforeAll(async () => {
  t = await createTestApp();
  // The lifecycle alone: the isolation plan's guards are tested in isolation-plan.test.ts.
  await withoutIsolationPlan(t.connections[0]!.db);
  // The bare lifecycle: the checklist questions' guards are tested in permit-questions.test.ts.
  await withoutQuestions(t.connections[0]!.db);
  const db = t.connections[0]!.db;
  for (const username of users) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    permissions[username] = new Set(
      (
        await t.app.inject({ url: '/api/session/context', headers: { authorization: `Bearer ${tokens[username]}` } })
      ).json<{ permissions: string[] }>().permissions,
    );
    ids[username] = (
      await db.selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  loto = (
    await db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow()
  ).id;
  rejectionReasonId = (
    await db
      .selectFrom('master_list_items')
      .select('id')
      .where('facility_id', '=', 1)
      .where('list_key', '=', REJECTION_REASONS_LIST)
      .where('value', '<>', REJECTION_REASON_OTHER)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

describe('permit lifecycle under random commands', () => {
  it('keeps its invariants', async () => {
    const applied: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<User>('worker', 'supervisor', 'admin'),
        fc.constantFrom<User | null>('contractor', 'worker', 'supervisor', null),
        fc.array(step, { minLength: 4, maxLength: 20 }),
        async (requester, holder, steps) => {
          const created = await call(requester, 'POST', '/api/permits', {
            permitTypeId: loto,
            title: 'Property permit',
            description: '',
            workMethod: '',
            areaId: null,
            assetIds: [],
            plannedStart: at(0),
            plannedEnd: at(4),
            holderId: holder === null ? null : ids[holder],
            riskLevel: null,
          });
          expect(created.statusCode).toBe(200);
          let permit = created.json<Permit>();
          for (const { user: u, verb: v, smart, pick } of steps) {
            let as = users[u]!;
            let verb = verbs[v]!;
            if (smart) {
              const someone = [...users.slice(u), ...users.slice(0, u)].find((x) => buttonsOf(permit, x).length);
              if (someone) {
                const all = buttonsOf(permit, someone);
                // Edit and cancel are offered early and often: mostly prefer the way forward.
                const forward = all.filter((c) => c !== 'edit' && c !== 'cancel');
                const offered = forward.length && pick % 5 !== 0 ? forward : all;
                [as, verb] = [someone, offered[pick % offered.length]!];
              }
            }
            const response = await call(
              as,
              'POST',
              `/api/permits/${permit.ID}/commands/${verb}`,
              bodyFor(verb, permit, pick),
            );
            const label = `${as} ${verb} from ${permit.status}: ${response.statusCode} ${response.body}`;
            if (response.statusCode === 200) {
              const next = response.json<Permit>();
              expect(terminalPermitStatuses, label).not.toContain(permit.status);
              expect(
                permitTransitions.some((r) => r.from === permit.status && r.command === verb && r.to === next.status),
                label,
              ).toBe(true);
              expect(next.version, label).toBe(permit.version + 1);
              expect(
                next.approvals.map((a) => a.user.ID),
                label,
              ).not.toContain(next.requester.ID);
              if (next.issuer && next.holder) expect(next.issuer.ID, label).not.toBe(next.holder.ID);
              if (verb === 'accept') expect(next.holder?.ID, label).toBe(ids[as]);
              applied[verb] = (applied[verb] ?? 0) + 1;
              permit = next;
            } else {
              expect([400, 403, 409, 422], label).toContain(response.statusCode);
              if (terminalPermitStatuses.includes(permit.status)) expect(response.statusCode, label).toBe(409);
            }
          }
          // Refusals changed nothing: the stored permit is the last one a command answered.
          const stored = (await call('admin', 'GET', `/api/permits/${permit.ID}`)).json<Permit>();
          expect({ ...stored, allowedCommands: [] }).toEqual({ ...permit, allowedCommands: [] });
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`permit lifecycle property: commands applied ${JSON.stringify(applied)}`);
    // The sequences reached the whole lifecycle: every command a person gives was applied.
    expect(Object.keys(applied).sort()).toEqual([...verbs].sort());
  }, 300_000);
});
