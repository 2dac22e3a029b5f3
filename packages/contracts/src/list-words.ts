/**
 * A list as a sentence says it: "E-1", "E-1 and P-2", "E-1, P-2 and T-3" (no serial comma, as the
 * rest of Hasp's English). Refusals name everything that blocks with it, so a worker sees the whole
 * list at once instead of clearing one item and being refused for the next.
 * @example listInWords(['E-1', 'P-2', 'T-3']) === 'E-1, P-2 and T-3'
 * @example listInWords(['Draft', 'Requested'], 'or') === 'Draft or Requested'
 */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length < 2) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
