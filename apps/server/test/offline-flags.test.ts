import { sql } from 'kysely';
import {
  offlineFlagInputsOf,
  offlineFlagInputsSchema,
  offlineFlags,
  withOfflineFlags,
  type OfflinePermit,
} from '@hasp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfflineFlagBases, readOfflineFlagContext, readOfflinePermits } from '../src/modules/offline';
import { listFacilityAndConnectionPermissions } from '../src/platform/access/permission-lists';
import { readPermitGuardFactsForPermits } from '../src/modules/permits';
import { seedDemo } from '../src/db/seed/demo';
import { createTestApp, type TestApp } from './test-app';
import { newLock, putLock } from './support/loto-fixtures';
import { insertAttachments, richPermit, richPermits, userId, userIds } from './support/offline-fixtures';

/**
 * The offline flags (decision 0085): for every permit of the demo facility (and rich ones), as each
 * of four users sees it at four times, the permit written from the JSON read for nobody and the
 * flags `offlineFlags` computes from the stored inputs is exactly what `readOfflinePermits` answers
 * that user then. A flag computed wrong, or one left out (it keeps nobody's value), fails.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const HOUR = 3_600_000;
const times = { now: 0, 'in 48 h': 48 * HOUR, '48 h ago': -48 * HOUR, 'in 30 days': 30 * 24 * HOUR } as const;
const users = ['admin', 'supervisor', 'worker', 'contractor'];

async function viewerOf(id: number, now: Date) {
  const actor = { userId: id, facilityId: 1, sessionId: 'flags-test', deviceId: null };
  return { actor, permissions: await listFacilityAndConnectionPermissions(db(), actor), now };
}

/** What the device stores: the permit as JSON text parsed again. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Attachments of two people, one removed; a tag whose status link is revoked (demo-like states the flags read). */
async function addStates(permitId: number) {
  await insertAttachments(t, permitId);
  await sql`update tags set status_token_revoked_at = now()
            where id = (select min(id) from tags where permit_id = ${permitId})`.execute(db());
}

/**
 * A demo permit at work (Active, with crew sign-on) whose open lockbox holds the keys and the
 * supervisor's lock: the others may sign on (their locks offered), the supervisor may sign off.
 * Attachments and a revoked tag link on it too.
 */
async function crewAtWork() {
  const { rows } = await sql<{ id: number }>`
    select p.id from permits p join permit_types pt on pt.id = p.permit_type_id
    where p.facility_id = 1 and p.status = 'active' and 'crew-sign-on' = any(pt.sections)
    order by p.id limit 1`.execute(db());
  const permitId = rows[0]!.id;
  const supervisorId = await userId(t, 'supervisor');
  await db()
    .updateTable('lockboxes')
    .set({ released_at: new Date(), released_by: supervisorId })
    .where('permit_id', '=', permitId)
    .where('released_at', 'is', null)
    .execute();
  const box = await db()
    .insertInto('lockboxes')
    .values({
      facility_id: 1,
      permit_id: permitId,
      number: `LB-FLAGS-${permitId}`,
      lock_id: null,
      primary_user_id: supervisorId,
      keys_deposited_at: new Date(),
      keys_deposited_by: supervisorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await putLock(
    db(),
    { permitId, lockboxId: box.id },
    await newLock(db(), `FLAGS-${permitId}`, permitId),
    supervisorId,
  );
  await addStates(permitId);
}

beforeAll(async () => {
  // The demo's permits (every status of every type, walked there by the commands), as `npm start` seeds them.
  t = await createTestApp({ beforeApp: (fresh) => seedDemo(fresh) });
  await sql`update permit_types set sections = array_append(sections, 'gas-tests')
            where facility_id = 1 and code = 'LOTO' and not 'gas-tests' = any(sections)`.execute(db());
  await addStates(await richPermit(t, 'Flags: rich permit 1'));
  await richPermit(t, 'Flags: rich permit 2');
  await crewAtWork();
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe('offlineFlags', () => {
  it("writes exactly the flags each viewer's download answers today, at any time", async () => {
    const ids = (await richPermits(t, 1)).map((r) => r.id);
    expect(ids.length, 'the demo permits and the rich ones').toBeGreaterThan(200);
    const bases = await readOfflineFlagBases(db(), 1, ids);
    expect(bases.map((b) => b.base.permit.ID)).toEqual(ids);
    // The inputs are plain JSON of their schema (what a table column would keep).
    const inputs = bases.map((b) => offlineFlagInputsSchema.parse(asJson(b.inputs)));
    /** Every flag value seen, by flag: each must differ somewhere (the comparison is not of constants). */
    const seen = new Map<string, Set<string>>();
    const see = (flag: string, value: unknown) => {
      const values = seen.get(flag) ?? new Set<string>();
      values.add(JSON.stringify(value));
      seen.set(flag, values);
    };
    for (const [userName, id] of await userIds(t, users)) {
      for (const [when, shift] of Object.entries(times)) {
        const viewer = await viewerOf(id, new Date(Date.now() + shift));
        const expected = asJson(await readOfflinePermits(db(), viewer, ids));
        const { viewer: flagViewer, context } = await readOfflineFlagContext(db(), viewer);
        let differsFromBase = 0;
        bases.forEach(({ base }, i) => {
          const flags = offlineFlags(inputs[i]!, flagViewer, context);
          const computed = asJson(withOfflineFlags(base, flags));
          expect(computed, `${userName} ${when}: permit ${ids[i]}`).toStrictEqual(expected[i]);
          if (JSON.stringify(asJson(base)) !== JSON.stringify(expected[i])) differsFromBase += 1;
          seeFlags(expected[i]!, see);
        });
        // Nobody's JSON is not already every viewer's: the flags written into it made the difference.
        if (userName !== 'contractor') expect(differsFromBase, `${userName} ${when}`).toBeGreaterThan(0);
      }
    }
    const constant = [...seen].filter(([, values]) => values.size < 2).map(([flag]) => flag);
    expect(constant, 'flags that never changed between permits, viewers and times').toEqual([]);
  }, 300_000);

  it('reads the same inputs from the JSON whoever it was read for', async () => {
    const ids = (await richPermits(t, 1)).map((r) => r.id);
    const bases = await readOfflineFlagBases(db(), 1, ids);
    const facts = await readPermitGuardFactsForPermits(db(), 1, ids);
    const admin = await viewerOf(await userId(t, 'admin'), new Date(Date.now() + times['in 30 days']));
    const asAdmin = await readOfflinePermits(db(), admin, ids);
    const worker = await viewerOf(await userId(t, 'worker'), new Date());
    const expected = asJson(await readOfflinePermits(db(), worker, ids));
    const { viewer, context } = await readOfflineFlagContext(db(), worker);
    asAdmin.forEach((permit, i) => {
      const id = permit.permit.ID;
      const inputs = offlineFlagInputsOf(permit, facts.get(id)!);
      expect(asJson(inputs), `permit ${id}`).toStrictEqual(asJson(bases[i]!.inputs));
      const computed = withOfflineFlags(permit, offlineFlags(inputs, viewer, context));
      expect(asJson(computed), `permit ${id}`).toStrictEqual(expected[i]);
    });
  }, 120_000);
});

/** Each flag of an answered permit, by name (per tag and attachment: their list's). */
function seeFlags(permit: OfflinePermit, see: (flag: string, value: unknown) => void) {
  see('permit.allowedCommands', permit.permit.allowedCommands);
  const s = permit.sections as Record<string, Record<string, unknown> | undefined>;
  for (const tag of permit.sections.tags as { allowedCommands: unknown }[])
    see('tags[].allowedCommands', tag.allowedCommands);
  const fields: [string, string[]][] = [
    ['isolation-plan', ['allowedVerbs']],
    ['questions', ['canAnswer']],
    ['crew-sign-on', ['mySignOn', 'myLocks', 'devices', 'allowed', 'blocked']],
    ['gas-tests', ['refusal', 'canRecord', 'canVoid']],
    ['hazard-analysis', ['canEdit', 'editRefusal']],
    ['attachments', ['canAttach']],
  ];
  for (const [section, names] of fields) {
    for (const name of names) if (s[section]) see(`${section}.${name}`, s[section][name]);
  }
  for (const a of (s.attachments?.attachments ?? []) as { canRemove: boolean }[])
    see('attachments[].canRemove', a.canRemove);
}
