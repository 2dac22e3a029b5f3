import { crewStep, heldStep, lockStep, type MyWorkItem } from '@hasp/contracts';
import type { MyLockRow, MyPermitRow } from './my-work.repository';

const ref = (p: { id: number; number: string; title: string; status: MyPermitRow['status'] }) => ({
  permitId: p.id,
  permitNumber: p.number,
  permitTitle: p.title,
  permitStatus: p.status,
});

/**
 * The cards, in the page's order: permits held, then crews (a permit the reader both holds and is on
 * the crew of shows once, as held, unless its crew step asks more), then locks. Each card's step is
 * the contracts' rule, so the server and a device offline say the same.
 */
export function myWorkItems(permits: MyPermitRow[], locks: MyLockRow[]): MyWorkItem[] {
  const items: MyWorkItem[] = [];
  for (const p of permits) {
    const box = { open: p.boxOpen, keysDeposited: p.keysDeposited, isPrimary: p.isPrimary, signedOn: p.signedOn };
    if (p.isHolder) items.push({ ...ref(p), kind: 'held', ...heldStep(p.status, box), lock: null });
    if (p.isPrimary || p.signedOn) {
      const crew = crewStep(p.status, box);
      // The holder's own "Sign on" card already says it.
      if (!(p.isHolder && crew.step === 'sign-on')) items.push({ ...ref(p), kind: 'crew', ...crew, lock: null });
    }
  }
  for (const l of locks) {
    items.push({
      ...ref({ id: l.permitId, number: l.number, title: l.title, status: l.status }),
      kind: 'lock',
      ...lockStep(l.status, l.onLockbox),
      lock: { serial: l.serial, on: l.on, onLockbox: l.onLockbox },
    });
  }
  return items;
}
