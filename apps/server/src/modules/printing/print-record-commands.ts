import {
  lockLabelOutOfUseStatuses,
  lockStatusLabels,
  permitPermission,
  permitPrintInForceStatuses,
  permitPrintWaitingStatuses,
  permitStatusLabels,
  rightNavPermission,
  type PermitStatus,
  type ReprintResult,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun, type CommandTarget } from '../../platform';
import { lockLockForPrint } from './lock-label-prints.repository';
import {
  countReprint,
  lockboxStamp,
  lockLockboxForPrint,
  lockPermitForPrint,
  permitStamp,
  savePrintRecord,
  type PrintRecordKind,
  type PrintRecordRow,
} from './print-records.repository';

/**
 * The print commands of permits, lockbox labels (decision 0074) and lock labels (decision 0115).
 * Printing never changes the permit, the lockbox or the lock: each command locks its subject (so
 * what is printed cannot change under it), writes the subject's print record, and the runner adds
 * the version check, the hash-chained audit row (with the reason of a reprint), the event and the
 * idempotency key. The version is the print record's (0 before the first print).
 */
type PrintKind = PrintRecordKind;

interface PrintState {
  version: number;
  kind: PrintKind;
  id: number;
  number: string;
  /** The permit it is printed for; a lock label: null (of no permit). */
  permitId: number | null;
  /** The permit's type (permit:view:<CODE>); a lock label: null. */
  typeCode: string | null;
  record: PrintRecordRow | null;
  /** A permit: what its copy prints now (revision, validity, holder); a lockbox: null. */
  stamp: { revision: number; extensionCount: number; holderId: number | null } | null;
  /**
   * A lockbox: the serials of the locks whose keys are in the box now (what its label lists); a lock:
   * its serial (what its label prints); a permit: null.
   */
  keys: string[] | null;
  /** What it prints as now (PrintListItem.stamp). */
  printStamp: string;
  /** Why it cannot be printed now (a closed permit, a released lockbox), or null. */
  notInUse: string | null;
  /** Why it does not wait to print (a suspended permit is reprinted, not printed anew), or null. */
  notWaiting: string | null;
  /** The record is of the subject as it is now. */
  current: boolean;
}

const among = (statuses: readonly PermitStatus[], status: string) => (statuses as readonly string[]).includes(status);
const labels = (statuses: readonly PermitStatus[]) => statuses.map((s) => permitStatusLabels[s]).join(', ');

const permitTarget: CommandTarget<PrintState> = {
  noun: 'Permit',
  staleMessage: 'Someone printed this permit first. Reload the print list and try again.',
  async lock(trx, actor, id) {
    const found = await lockPermitForPrint(trx, actor.facilityId, id);
    if (!found) return undefined;
    const { permit, record } = found;
    const stamp = { revision: permit.revision, extensionCount: permit.extensionCount, holderId: permit.holderId };
    const status = permitStatusLabels[permit.status as PermitStatus];
    return {
      version: record?.version ?? 0,
      kind: 'permit',
      id: permit.id,
      number: permit.number,
      permitId: permit.id,
      typeCode: permit.typeCode,
      record: record ?? null,
      stamp,
      keys: null,
      printStamp: permitStamp(stamp),
      notInUse: among(permitPrintInForceStatuses, permit.status)
        ? null
        : `The permit is ${status}: only a permit in force (${labels(permitPrintInForceStatuses)}) is printed for the job site.`,
      notWaiting: among(permitPrintWaitingStatuses, permit.status)
        ? null
        : `The permit is ${status}: a job-site copy is printed when it is ${labels(permitPrintWaitingStatuses)}.`,
      current:
        record !== undefined &&
        record.printedRevision === stamp.revision &&
        record.printedExtensionCount === stamp.extensionCount &&
        record.printedHolderId === stamp.holderId,
    };
  },
  bump: async (_trx, _id, state) => state.version + 1,
};

const lockboxTarget: CommandTarget<PrintState> = {
  noun: 'Lockbox',
  staleMessage: 'Someone printed this lockbox label first. Reload the print list and try again.',
  async lock(trx, actor, id) {
    const found = await lockLockboxForPrint(trx, actor.facilityId, id);
    if (!found) return undefined;
    const { lockbox, record } = found;
    return {
      version: record?.version ?? 0,
      kind: 'lockbox',
      id: lockbox.id,
      number: lockbox.number,
      permitId: lockbox.permitId,
      typeCode: lockbox.typeCode,
      record: record ?? null,
      stamp: null,
      keys: lockbox.keys,
      printStamp: lockboxStamp(lockbox.keys),
      notInUse: lockbox.released ? 'The lockbox is released: its label is no longer printed.' : null,
      notWaiting: null,
      // A label lists the keys in the box: a lock applied or removed since it was printed makes it wrong.
      current:
        record !== undefined &&
        record.printedKeys !== null &&
        record.printedKeys.join('\n') === lockbox.keys.join('\n'),
    };
  },
  bump: async (_trx, _id, state) => state.version + 1,
};

const lockTarget: CommandTarget<PrintState> = {
  noun: 'Lock',
  staleMessage: 'Someone printed this lock label first. Reload the list and try again.',
  async lock(trx, actor, id) {
    const found = await lockLockForPrint(trx, actor.facilityId, id);
    if (!found) return undefined;
    const { lock, record } = found;
    return {
      version: record?.version ?? 0,
      kind: 'lock',
      id: lock.id,
      number: lock.serial,
      permitId: null,
      typeCode: null,
      record: record ?? null,
      stamp: null,
      keys: [lock.serial],
      printStamp: lockboxStamp([lock.serial]),
      notInUse: (lockLabelOutOfUseStatuses as readonly string[]).includes(lock.status)
        ? `Lock ${lock.serial} is ${lockStatusLabels[lock.status]}: its label is no longer printed.`
        : null,
      notWaiting: null,
      // The label prints the serial: an edited serial makes the label on the lock wrong.
      current: record !== undefined && record.printedKeys?.length === 1 && record.printedKeys[0] === lock.serial,
    };
  },
  bump: async (_trx, _id, state) => state.version + 1,
};

const nouns: Record<PrintKind, string> = { permit: 'permit', lockbox: 'lockbox label', lock: 'lock label' };
const prefixes: Record<PrintKind, string> = { permit: 'permit-print', lockbox: 'lockbox-label', lock: 'lock-label' };

/**
 * A permit's copy and a lockbox label need the print list and the permit's type (permit:view:<CODE>),
 * like the tag's reprint. A lock label is the locks policy's: whoever manages locks (lock.register,
 * lock.edit) prints their labels, from Lock Manage or from the print list (whose route asks for the
 * print list as well).
 */
const permissions = (_input: unknown, state: PrintState) =>
  state.typeCode === null
    ? [rightNavPermission('lock-manage')]
    : [permitPermission('view', state.typeCode), rightNavPermission('print-list')];

/** What the audit row keeps of the record and its subject. */
const audited = (state: PrintState, record: object | null) => ({
  number: state.number,
  permitId: state.permitId,
  ...(state.stamp ? { printed: state.stamp } : {}),
  ...(state.keys ? { keys: state.keys } : {}),
  record,
});

function record(run: CommandRun<unknown, PrintState>, verb: 'mark-printed' | 'reprint', reason: string | null) {
  const { state, ctx } = run;
  const action = `${prefixes[state.kind]}.${verb}`;
  // Its own entity type: the permit's trail (and what reads it: history, reports) stays the lifecycle's.
  const entityType = prefixes[state.kind];
  const after =
    verb === 'mark-printed'
      ? { printedAt: ctx.now, printedBy: ctx.actor.userId, reprintCount: 0 }
      : { ...state.record, reprintCount: state.record!.reprintCount + 1, reprintedAt: ctx.now };
  run.audit({
    action,
    entityType,
    entityId: state.id,
    before: audited(state, state.record),
    after: audited(state, after),
    reason,
  });
  run.event({
    name: action,
    entityType,
    entityId: state.id,
    payload: { id: state.id, permitId: state.permitId, number: state.number, actorId: ctx.actor.userId },
  });
}

/** The paper shows an older copy than the record would: print it again rather than record it printed. */
export const changedSincePrinted = (kind: PrintKind) =>
  new AppError(
    'CONFLICT',
    409,
    `This ${nouns[kind]} changed after its PDF was made: the paper shows the older copy. Print it again.`,
  );

function markPrintedCommand(kind: PrintKind, target: CommandTarget<PrintState>) {
  // `stamp`: what the PDF was drawn from (the print list's item). Required: recording the item as it
  // is when the command runs could record a copy that was never on paper (decision 0083).
  return defineCommand<{ id: number; stamp: string }, PrintState, { ID: number; version: number }>({
    name: `${prefixes[kind]}.mark-printed`,
    target,
    policy: {
      permissions,
      refuse: (state, _actor, input) => {
        if (state.notInUse) return new AppError('CONFLICT', 409, state.notInUse);
        if (input.stamp !== state.printStamp) return changedSincePrinted(kind);
        if (state.current) {
          return new AppError(
            'CONFLICT',
            409,
            `This ${nouns[kind]} is already printed as it is now: reprint it with a reason.`,
          );
        }
        if (state.notWaiting) return new AppError('CONFLICT', 409, state.notWaiting);
        return null;
      },
    },
    async apply(run) {
      const { trx, ctx, state } = run;
      await savePrintRecord(trx, {
        facilityId: ctx.actor.facilityId,
        kind,
        subjectId: state.id,
        permitId: state.permitId,
        stamp: state.stamp,
        keys: state.keys,
        at: ctx.now,
        by: ctx.actor.userId,
      });
      record(run, 'mark-printed', null);
      return { ID: state.id, version: state.version + 1 };
    },
  });
}

function reprintCommand(kind: PrintKind, target: CommandTarget<PrintState>) {
  return defineCommand<{ id: number; reason: string }, PrintState, ReprintResult>({
    name: `${prefixes[kind]}.reprint`,
    target,
    policy: {
      permissions,
      refuse: (state) => {
        if (state.notInUse) return new AppError('CONFLICT', 409, state.notInUse);
        if (!state.current) {
          return new AppError(
            'CONFLICT',
            409,
            `Reprint: this ${nouns[kind]} waits to print; only a printed ${nouns[kind]} can be printed again.`,
          );
        }
        return null;
      },
    },
    async apply(run) {
      const { trx, ctx, state, input } = run;
      await countReprint(trx, { facilityId: ctx.actor.facilityId, kind, subjectId: state.id, at: ctx.now });
      record(run, 'reprint', input.reason);
      return { kind, ID: state.id, reprintCount: state.record!.reprintCount + 1, version: state.version + 1 };
    },
  });
}

export const printRecordCommands = {
  permit: { markPrinted: markPrintedCommand('permit', permitTarget), reprint: reprintCommand('permit', permitTarget) },
  lockbox: {
    markPrinted: markPrintedCommand('lockbox', lockboxTarget),
    reprint: reprintCommand('lockbox', lockboxTarget),
  },
  lock: { markPrinted: markPrintedCommand('lock', lockTarget), reprint: reprintCommand('lock', lockTarget) },
};
