import type { PermitGroup, PermitLayout } from '@hasp/contracts';

/** The layout the server stores for these groups as they are. */
export function layoutOf(groups: readonly PermitGroup[]): PermitLayout {
  return { groups: groups.map((g) => ({ ID: g.ID, typeIds: g.types.map((t) => t.ID) })) };
}

/** Moves a group one place up (-1) or down (+1); null when it is already at that end. */
export function moveGroup(groups: readonly PermitGroup[], groupId: number, step: -1 | 1): PermitLayout | null {
  const layout = layoutOf(groups).groups;
  const from = layout.findIndex((g) => g.ID === groupId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= layout.length) return null;
  [layout[from], layout[to]] = [layout[to]!, layout[from]!];
  return { groups: layout };
}

/**
 * Moves a type one place up (-1) or down (+1). At the edge of its group it crosses into the
 * neighbouring group (last of the one above, first of the one below); null at the very ends.
 * @example moveType(groups, lotoId, 1) // LOTO after LTI, or first of the next group if it was last
 */
export function moveType(groups: readonly PermitGroup[], typeId: number, step: -1 | 1): PermitLayout | null {
  const layout = layoutOf(groups).groups;
  const g = layout.findIndex((group) => group.typeIds.includes(typeId));
  if (g < 0) return null;
  const ids = layout[g]!.typeIds;
  const i = ids.indexOf(typeId);
  const j = i + step;
  if (j >= 0 && j < ids.length) {
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    return { groups: layout };
  }
  const neighbour = layout[g + step];
  if (!neighbour) return null;
  ids.splice(i, 1);
  if (step < 0) neighbour.typeIds.push(typeId);
  else neighbour.typeIds.unshift(typeId);
  return { groups: layout };
}
