import type { PrintItemKind, PrintListItem } from '@hasp/contracts';

/** An item's key in the selection: IDs repeat across kinds (tag 5, permit 5, lock 5). */
export const keyOf = (item: PrintListItem) => `${item.kind}:${item.ID}`;

/**
 * The permit and area filters apply to what is printed for a permit: with the kind set to lock labels
 * (of no permit nor area) they have nothing to filter, and the screen hides them.
 */
export const permitFiltersApply = (kind: PrintItemKind | undefined) => kind !== 'lock';

/** Distinct choices of the permit and area filters, from the unfiltered queue (lock labels have neither). */
export function choicesOf(items: readonly PrintListItem[]) {
  const permits = new Map<number, string>();
  const areas = new Map<number, string>();
  for (const item of items) {
    if (item.kind === 'lock') continue;
    permits.set(item.permit.ID, `${item.permit.number} — ${item.permit.title}`);
    if (item.area) areas.set(item.area.ID, item.area.name);
  }
  const sorted = (map: Map<number, string>) =>
    [...map].sort((a, z) => a[1].localeCompare(z[1])).map(([value, label]) => ({ value: String(value), label }));
  return { permits: sorted(permits), areas: sorted(areas) };
}
