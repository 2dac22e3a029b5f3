import { allowedCommands, type Permit, type PermitFacts } from '@hasp/contracts';
import type { PermitRecord } from './permit.repository';

/** The lifecycle's facts of a stored permit, as `decide` and `allowedCommands` read them. */
export function permitFacts(permit: PermitRecord, now: Date): PermitFacts {
  return {
    status: permit.status,
    typeCode: permit.permitType.code,
    requesterId: permit.requester.ID,
    holderId: permit.holder?.ID ?? null,
    issuerId: permit.issuer?.ID ?? null,
    approverIds: permit.approvals.map((a) => a.user.ID),
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    extensionCount: permit.extensionCount,
    maxExtensions: permit.maxExtensions,
    maxValidityHours: permit.maxValidityHours,
    now,
  };
}

/**
 * The permit as the API shows it to this caller: with the commands they may give now (the page's
 * buttons), from the same table the server decides by, so a button is never offered in vain.
 */
export function permitView(
  permit: PermitRecord,
  caller: { userId: number; permissions: ReadonlySet<string>; now: Date },
): Permit {
  const { maxExtensions: _e, maxValidityHours: _v, ...shown } = permit;
  const actor = { userId: caller.userId, permissions: caller.permissions, isSystem: false };
  return { ...shown, allowedCommands: allowedCommands(permitFacts(permit, caller.now), actor) };
}
