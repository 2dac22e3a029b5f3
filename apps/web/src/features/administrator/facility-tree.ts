import type { AdminFacility } from '@hasp/contracts';

/**
 * The facilities that may become the parent of `facilityId` (null: a new facility): active ones,
 * other than the facility itself and its descendants (choosing one would make the tree loop).
 * The facility's current parent stays on offer even when inactive, so an edit can keep it.
 */
export function parentChoices(facilities: AdminFacility[], facilityId: number | null): AdminFacility[] {
  const excluded = new Set<number>();
  if (facilityId !== null) {
    excluded.add(facilityId);
    // Children first found by walking down level by level.
    let frontier = [facilityId];
    while (frontier.length) {
      const next = facilities.filter(
        (f) => f.companyID !== null && frontier.includes(f.companyID) && !excluded.has(f.ID),
      );
      for (const f of next) excluded.add(f.ID);
      frontier = next.map((f) => f.ID);
    }
  }
  const currentParent = facilities.find((f) => f.ID === facilityId)?.companyID ?? null;
  return facilities.filter((f) => !excluded.has(f.ID) && (f.isActive || f.ID === currentParent));
}
