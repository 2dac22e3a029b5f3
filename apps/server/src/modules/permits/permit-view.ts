import { allowedCommands, type Permit, type PermitFacts } from '@hasp/contracts';
import type { PermitRecord } from './permit.repository';
import { permitFacts, permitGuardHooks } from './permit-guards';

/** The permit as stored (the audit trail's before and after): without the type's limits and the facility. */
export function storedPermit(
  permit: PermitRecord,
): Omit<
  PermitRecord,
  'maxExtensions' | 'maxValidityHours' | 'facilityId' | 'facilityTimeZone' | 'hazardAnalysisRequired'
> {
  const {
    maxExtensions: _e,
    maxValidityHours: _v,
    facilityId: _f,
    facilityTimeZone: _z,
    hazardAnalysisRequired: _h,
    ...stored
  } = permit;
  return stored;
}

/**
 * The permit as the API shows it to this caller: with the commands they may give now (the page's
 * buttons), from the same table and registered guards the server decides by, so a button is never
 * offered in vain. `facts`: the permit's facts with the guard plugins' (loadPermitFacts); the
 * lifecycle's own when absent.
 */
export function permitView(
  permit: PermitRecord,
  caller: { userId: number; permissions: ReadonlySet<string>; now: Date },
  facts: PermitFacts = permitFacts(permit, caller.now),
): Permit {
  const actor = { userId: caller.userId, permissions: caller.permissions, isSystem: false };
  return {
    ...storedPermit(permit),
    timeZone: permit.facilityTimeZone,
    allowedCommands: allowedCommands(facts, actor, permitGuardHooks()),
  };
}
