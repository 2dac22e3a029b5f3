import { gasTestStanding, permitStatusLabels, permitTransitions, type PermitStatus } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import type { DomainEvent, EventBus } from '../../platform';
import { runPermitCommandAsSystem } from '../permits';
import type { GasTestEventPayload } from './gas-test-command.service';
import { findGasPermit, listGasTests } from './gas-tests.repository';

/** The consumer's name in `event_deliveries`: each failing test suspends at most once. */
export const GAS_TEST_SUSPENSION_CONSUMER = 'gas-test-suspension';

/** Statuses in which work is under way: those the lifecycle's table lets `suspend` leave. */
const working: ReadonlySet<string> = new Set<PermitStatus>(
  permitTransitions.filter((row) => row.command === 'suspend').map((row) => row.from),
);

/**
 * A test with a reading out of limits recorded on an Active (or Live-for-test) permit suspends it:
 * the lifecycle's own `suspend`, given by the system through the command runner (audit
 * `permit.suspend` with the readings as its reason, event `permit.suspend`: the holder and requester
 * are told), as the expiry job expires. Only while a failing reading still stands when it runs (a
 * passing re-test measured and recorded after it, or a void, came first: nothing to stop). A permit
 * no longer working (suspended meanwhile, completed) is left as it is. Revalidating it then needs
 * that passing re-test (the gas guard on `revalidate`).
 */
export async function suspendOnFailingGasTest(
  events: EventBus,
  connection: Connection,
  event: DomainEvent,
  now: Date,
): Promise<void> {
  const p = event.payload as unknown as GasTestEventPayload;
  const facilityId = event.facilityId;
  if (facilityId === null || !p.outOfLimits.length) return;
  const db = connection.db;
  const permit = await findGasPermit(db, facilityId, p.permitId);
  if (!permit || !working.has(permit.status)) return;
  if (!gasTestStanding(await listGasTests(db, facilityId, permit.id)).failing.length) return;
  const reason = `Gas test out of limits: ${p.outOfLimits.join('; ')}. Work stopped until a passing re-test.`;
  const outcome = await runPermitCommandAsSystem(events, connection, facilityId, permit.id, 'suspend', now, {
    reason,
  });
  // Refused (it left Active meanwhile): nothing to stop; any other failure is retried by the bus.
  if (!outcome.applied && working.has((await findGasPermit(db, facilityId, permit.id))?.status ?? ''))
    throw new Error(
      `gas test ${p.testId}: could not suspend permit ${p.number} (${permitStatusLabels[permit.status]}): ${outcome.reason}`,
    );
}

/** Registered once when the app is built (app.ts); `clock` is the app's (tests move it). */
export function registerGasTestSuspension(events: EventBus, clock: () => Date): void {
  events.registerConsumer(GAS_TEST_SUSPENSION_CONSUMER, ['gas-test.record'], (_trx, event, connection) =>
    suspendOnFailingGasTest(events, connection, event, clock()),
  );
}
