import { AppError } from '../../src/plugins/app-error';
import { defineCommand, type CommandRun } from '../../src/platform/commands/command';
import { policyTable } from '../../src/platform/commands/policy';
import type { RequestContext } from '../../src/platform/request-context';
import type { Connection } from '../../src/db/connections';
import { facilityConfigTarget, type FacilityConfigState } from '../../src/modules/settings/facility-config.target';

/** The app_settings row the test command reads and writes (a key no definition uses). */
export const COUNTER_KEY = 'test.counter';

/** Test-only policy: the Settings Table permission; a zero delta is refused (a rule on the input). */
export const counterPolicy = policyTable<FacilityConfigState>()({
  'test.counter.add': {
    permissions: ['rightnav:settings-table'],
    refuse: (_state, _actor, input: { delta: number }) =>
      input.delta === 0 ? new AppError('CONFLICT', 409, 'Nothing to add') : null,
  },
});

/**
 * A test-only command on real tables: read-modify-write of a counter row in app_settings, so a lost
 * update shows as a wrong sum; audited with the given tag, and an event unless `silent` (a bug the runner refuses). `fail` throws
 * after everything was written (the transaction must roll all of it back).
 */
export const addToCounter = defineCommand({
  name: 'test.counter.add',
  target: facilityConfigTarget,
  policy: counterPolicy['test.counter.add'],
  async apply(run: CommandRun<{ delta: number; tag: string; fail?: boolean; silent?: boolean }, FacilityConfigState>) {
    const { trx, input, state } = run;
    const row = await trx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', COUNTER_KEY)
      .where('facility_id', '=', state.facilityId)
      .executeTakeFirst();
    const before = typeof row?.value === 'number' ? row.value : 0;
    // Widen the window between read and write, so a missing lock would lose updates.
    await new Promise((resolve) => setImmediate(resolve));
    const after = before + input.delta;
    await trx
      .insertInto('app_settings')
      .values({ key: COUNTER_KEY, facility_id: state.facilityId, value: JSON.stringify(after) })
      .onConflict((oc) => oc.columns(['key', 'facility_id']).doUpdateSet({ value: JSON.stringify(after) }))
      .execute();
    run.audit({ action: 'test.counter.add', entityType: 'counter', entityId: input.tag, before, after });
    if (!input.silent)
      run.event({ name: 'test.counter.added', entityType: 'counter', entityId: input.tag, payload: { after } });
    if (input.fail) throw new Error('failing after the writes');
    return { before, after };
  },
});

/** A request context as requireAuth builds it, for calling the runner directly. */
export function contextFor(connection: Connection, userId: number, facilityId = 1): RequestContext {
  return {
    actor: { userId, facilityId, sessionId: `test-session-${userId}`, deviceId: null },
    connection,
    requestId: `test-${Math.random().toString(36).slice(2)}`,
    address: '127.0.0.1',
    now: new Date(),
    expiresAt: Date.now() + 60_000,
  };
}

/** The counter's stored value (0 before the first add). */
export async function counterValue(connection: Connection, facilityId = 1): Promise<number> {
  const row = await connection.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', COUNTER_KEY)
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  return typeof row?.value === 'number' ? row.value : 0;
}
