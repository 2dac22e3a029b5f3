import { AppError } from '../../plugins/app-error';

/** 400 when stamps are sent but not one for each id. */
export function checkStamps(ids: readonly number[], stamps: readonly string[] | undefined): void {
  if (stamps !== undefined && stamps.length !== ids.length)
    throw AppError.validation([{ field: 'stamps', message: 'Stamps: one for each item, in the order of the items.' }]);
}

/**
 * 409 naming the items whose stamp now (`current`, by id) is not the one the print list showed:
 * the PDF would show a newer copy than "Mark printed" records with the list's stamps. Items not
 * found are left to the caller's 404.
 */
export function refuseChangedStamps(
  ids: readonly number[],
  stamps: readonly string[],
  current: ReadonlyMap<number, string>,
): void {
  const changed = ids.filter((id, i) => current.has(id) && current.get(id) !== stamps[i]);
  if (changed.length)
    throw new AppError(
      'CONFLICT',
      409,
      `Changed since the print list showed them: ${changed.slice(0, 20).join(', ')}. Reload the print list and print again.`,
    );
}
