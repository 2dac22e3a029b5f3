import type { Kysely } from 'kysely';
import { lockLabelOutOfUseStatuses, rightNavPermission } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { runCommand, type EventBus, type RequestContext } from '../../platform';
import { renderLockLabels } from './lock-label-pdf';
import { labelledLockIds, listLockLabelRows } from './lock-label-prints.repository';
import { printRecordCommands } from './print-record-commands';
import { lockboxStamp } from './print-records.repository';
import { refuseChangedStamps } from './print-stamps';

/** Whoever manages locks prints their labels (the locks policy's lock.register / lock.edit permission). */
export const LOCK_LABEL_PERMISSION = rightNavPermission('lock-manage');

/** A lock label's stamp: what it prints that can change, its serial (md5, as the list's SQL has it). */
export const lockLabelStamp = (serial: string) => lockboxStamp([serial]);

/**
 * The chosen locks' labels as one PDF, in the order asked: Lock Manage's very labels
 * (renderLockLabels, one layout). 403 without the locks permission, 404 naming the locks not of this
 * facility, and with the list's stamps 409 naming those whose serial changed since the list showed them.
 */
export async function lockLabelsPdf(
  db: Kysely<Database>,
  request: { facilityId: number; permissions: ReadonlySet<string>; ids: readonly number[]; stamps?: readonly string[] },
) {
  const { facilityId, ids, stamps } = request;
  if (!request.permissions.has(LOCK_LABEL_PERMISSION))
    throw new AppError('FORBIDDEN', 403, 'Lock labels are printed by whoever manages locks (Lock Manage).');
  const byId = new Map((await listLockLabelRows(db, facilityId, ids)).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new AppError('NOT_FOUND', 404, `Lock not found: ${missing.slice(0, 20).join(', ')}`);
  if (stamps) refuseChangedStamps(ids, stamps, new Map([...byId].map(([id, r]) => [id, lockLabelStamp(r.serial)])));
  return renderLockLabels(
    facilityId,
    ids.map((id) => byId.get(id)!.serial),
  );
}

/** The audited reason of a label Lock Manage prints again (the print list asks the operator for one). */
export const LOCK_MANAGE_REPRINT_REASON = 'Printed again from Lock Manage';

/**
 * Records lock labels printed (Lock Manage's, right after they were drawn; the demo's) through the
 * print list's own commands: a lock waiting is marked printed (with the serial its label shows), a printed one counts a
 * reprint. Lost and retired locks are in no queue and are not recorded. Each lock is its own
 * command: a lock changed in between (a serial edited) is refused and left waiting.
 */
export async function recordLockLabelsPrinted(
  events: EventBus,
  ctx: RequestContext,
  locks: readonly { ID: number; serial: string; status: string }[],
): Promise<void> {
  const { lock } = printRecordCommands;
  const printed = await labelledLockIds(
    ctx.connection.db,
    ctx.actor.facilityId,
    locks.map((l) => l.ID),
  );
  for (const l of locks) {
    if ((lockLabelOutOfUseStatuses as readonly string[]).includes(l.status)) continue;
    try {
      if (printed.has(l.ID)) {
        const input = { id: l.ID, reason: LOCK_MANAGE_REPRINT_REASON };
        await runCommand(events, ctx, lock.reprint, { name: lock.reprint.name, targetId: l.ID, input });
      } else {
        const input = { id: l.ID, stamp: lockLabelStamp(l.serial) };
        await runCommand(events, ctx, lock.markPrinted, { name: lock.markPrinted.name, targetId: l.ID, input });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}
