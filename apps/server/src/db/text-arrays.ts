/** PostgreSQL's type OID of `text[]`. */
export const TEXT_ARRAY_OID = 1009;

/** Short text arrays remembered at most (a type's sections, a tag's kinds): a few distinct values in practice. */
const REMEMBERED = 1000;
const SHORT = 256;

/**
 * pg's parser of `text[]` with the short values it has seen remembered: every permit row of a page
 * carries its type's `sections` (the offline download reads 10,000 permits several times over, and
 * parsing the same '{isolation-plan,questions}' again was 4 % of the server's time: decision 0082).
 * Each call answers a fresh copy, so a caller changing its array changes no one else's.
 */
export function textArrayParser(parse: (value: string) => unknown): (value: string) => unknown {
  const seen = new Map<string, readonly unknown[]>();
  return (value: string) => {
    const known = seen.get(value);
    if (known) return known.slice();
    const parsed = parse(value);
    if (value.length <= SHORT && seen.size < REMEMBERED && Array.isArray(parsed)) seen.set(value, parsed.slice());
    return parsed;
  };
}
