import { registerSayable } from '../said';
import { defineCaptions } from './define-captions';

// The words of the lock rules the server decides with and the offline page applies with
// (contracts' locks.ts). A leaf: locks.ts imports it, so it imports nothing of locks.ts.

/** Why a lock cannot be applied, at a point or on a lockbox (`lockApplyRefusal`, `lockPointRefusal`, `pointLockCountRefusal`). */
export const lockApplyRuleCaptions = defineCaptions('Message', 'Rules_Lock_Apply', {
  lost: 'Lock {{serial}} is lost: it cannot be applied',
  retired: 'Lock {{serial}} is retired: it cannot be applied',
  inUse: 'Lock {{serial}} is already applied on {{where}}',
  lockbox: 'Lock {{serial}} is a lockbox: it holds keys, it is not applied as a lock',
  issuedToOther: 'Lock {{serial}} is issued to {{owner}}: only they apply it',
  notAssigned:
    'Lock {{serial}} is not assigned to this permit: it is assigned to no permit. Whoever issues the permit assigns it first',
  assignedElsewhere: 'Lock {{serial}} is not assigned to this permit: it is assigned to permit {{number}}',
  pointNotHolding:
    'Point {{code}} is {{state}}: lock {{serial}} goes on a point once it is isolated and before it is restored or released',
  tooManyOnPoint:
    'You already have {{count}} locks on point {{code}} ({{serials}}): lock {{serial}} would be more than the {{max}} a person may put on one point',
  confirmSecond: 'You already have lock {{mine}} on point {{code}}: confirm to apply lock {{serial}} as a second lock',
});

/** Why a lock application cannot end (`lockRemoveRefusal`). */
export const lockRemoveRuleCaptions = defineCaptions('Message', 'Rules_Lock_Remove', {
  alreadyRemoved: 'Lock {{serial}} was already removed from there',
  notApplier: 'Lock {{serial}} was applied by {{applier}}: only they remove it',
});

/** Why a pool lock cannot be assigned to a permit or released from it (`lockAssignRefusal`, `lockUnassignRefusal`). */
export const lockAssignRuleCaptions = defineCaptions('Message', 'Rules_Lock_Assign', {
  personal: 'Lock {{serial}} is issued to {{owner}}: a personal lock is not assigned to a permit',
  lost: 'Lock {{serial}} is lost: it cannot be assigned',
  retired: 'Lock {{serial}} is retired: it cannot be assigned',
  inUse: 'Lock {{serial}} is in use on {{where}}: it cannot be assigned until its applier removes it',
  lockbox: 'Lock {{serial}} is a lockbox: it holds keys, it is not assigned as a lock',
  assignedElsewhere: 'Lock {{serial}} is assigned to permit {{number}}: release it from there first',
  alreadyAssigned: 'Lock {{serial}} is already assigned to permit {{number}}',
  permitEnded: 'Permit {{number}} is {{status}}: it gets no more locks',
  notAssignedHere: 'Lock {{serial}} is not assigned to permit {{number}}',
  unassignInUse: 'Lock {{serial}} is in use on {{where}}: it is released from the permit once its applier removes it',
});

/** Where a lock in use is, as its refusals name it (a phrase of `inUse`). */
export const lockWhereCaptions = defineCaptions('Message', 'Rules_Lock_Where', {
  atPoint: 'permit {{number}} at point {{point}}',
  onLockbox: 'permit {{number}}, lockbox {{lockbox}}',
  unknown: 'somewhere no record shows',
  anotherPermit: 'another permit',
  aPermit: 'a permit',
});

registerSayable(lockApplyRuleCaptions, lockRemoveRuleCaptions, lockAssignRuleCaptions, lockWhereCaptions);
