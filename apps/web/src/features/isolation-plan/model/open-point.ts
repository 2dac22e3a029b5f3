/** The plan point the user opened from the list, as the permit page's URL names it (`?point=12`). */
export function openPointOf(search: URLSearchParams): number | undefined {
  const id = Number(search.get('point'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The search with `point` set to the opened plan point, or without it (the card follows the plan). */
export function withOpenPoint(search: URLSearchParams, id: number | undefined): URLSearchParams {
  const next = new URLSearchParams(search);
  if (id === undefined) next.delete('point');
  else next.set('point', String(id));
  return next;
}
