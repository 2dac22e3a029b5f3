import type { PermitCreate, PermitEdit } from '@hasp/contracts';

/**
 * A permit's core fields as the permit tests send them (the `edit` command's body): a plain belt
 * change with no place, holder or risk, four hours from `plannedStart` (default 2026-12-01 08:00
 * UTC). Each test overrides what it is about (`areaId`, `holderId`, a window near now, …).
 */
export function permitCore(overrides: Partial<PermitEdit> = {}): PermitEdit {
  const start = overrides.plannedStart ?? '2026-12-01T08:00:00.000Z';
  return {
    title: 'Replace conveyor drive belt',
    description: 'Belt worn; replace and re-tension.',
    workMethod: 'Isolate, verify zero energy, replace belt.',
    areaId: null,
    assetIds: [],
    plannedStart: start,
    plannedEnd: new Date(Date.parse(start) + 4 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: null,
    ...overrides,
  };
}

/** The body of `POST /api/permits`: a draft of the type with `permitCore`'s fields. */
export function permitDraft(permitTypeId: number, overrides: Partial<PermitEdit> = {}): PermitCreate {
  return { permitTypeId, ...permitCore(overrides) };
}
