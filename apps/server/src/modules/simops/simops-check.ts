import { simopsCheckedCommands, simopsRefusal, type PermitCommand, type SimopsCheckedCommand } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { type PermitCommandBody, type PermitLifecyclePart, type PermitRecord, type PermitState } from '../permits';
import { verifySigningPassword } from '../signatures';
import { findSimopsConflicts, insertSimopsOverride } from './simops.repository';

/** The permit as the conflicts are asked of it. */
export const simopsSubjectOf = (permit: PermitRecord) => ({
  ID: permit.ID,
  facilityId: permit.facilityId,
  typeId: permit.permitType.ID,
  areaId: permit.area?.ID ?? null,
  plannedStart: permit.plannedStart,
  plannedEnd: permit.plannedEnd,
});

/**
 * Approve and Issue, under the permit's lock: the blocking conflicts refuse the command (409,
 * naming each permit), unless it carries an override, whose password is checked as an approval's
 * and which is then recorded once per blocking conflict, audited on both permits (their History).
 * Warnings and conflicts without a rule never refuse: the permit page shows them beforehand.
 */
async function checkSimops(command: PermitCommand, run: CommandRun<PermitCommandBody, PermitState>): Promise<void> {
  const { trx, ctx, input, state } = run;
  const permit = state.record;
  const blocking = (await findSimopsConflicts(trx, simopsSubjectOf(permit))).filter((c) => c.rule === 'block');
  if (!blocking.length) return;
  const override = input.simopsOverride;
  if (!override) {
    const message = simopsRefusal(command as SimopsCheckedCommand, blocking, permit.facilityTimeZone);
    throw new AppError('CONFLICT', 409, message, [
      { field: 'code', message: 'PRECONDITION_FAILED' },
      ...blocking.map((c) => ({ field: 'simopsConflicts', message: c.permit.number })),
    ]);
  }
  const signer = await verifySigningPassword(run, 'SIMOPS override', override.password, {
    field: 'simopsOverride.password',
    message: 'The password is not correct: the SIMOPS override was not signed.',
  });
  const reason = override.reason.trim();
  for (const conflict of blocking) {
    const other = conflict.permit;
    const id = await insertSimopsOverride(trx, {
      facilityId: permit.facilityId,
      permitId: permit.ID,
      otherPermitId: other.ID,
      command: command as SimopsCheckedCommand,
      reason,
      signerId: signer.ID,
      signerName: signer.displayName,
      signedAt: ctx.now,
    });
    // One row on each permit, so both permits' History show the override (entity 'permit').
    const record = {
      overrideId: id,
      command,
      permit: { ID: permit.ID, number: permit.number, type: permit.permitType.name },
      otherPermit: { ID: other.ID, number: other.number, type: other.type.name },
      signer: signer.displayName,
    };
    for (const [entityId, otherNumber] of [
      [permit.ID, other.number],
      [other.ID, permit.number],
    ] as const) {
      run.audit({
        action: 'simops.override',
        entityType: 'permit',
        entityId,
        before: null,
        after: { ...record, otherNumber },
        reason,
      });
    }
  }
}

/** The SIMOPS check on approve and issue, as a part of the permit lifecycle. */
export const simopsLifecycle: PermitLifecyclePart = {
  check: { name: 'simops', commands: simopsCheckedCommands, check: checkSimops },
};
