/** One field of an audit entry as the log shows it: its value before and after the change. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an entry's before and after, in the order they first appear. A
 * created record (no before) lists every field of after; a removed one every field of before.
 * Values that are not records compare as one field named "value".
 * @example changedFields({ name: 'A', isActive: true }, { name: 'B', isActive: true }) // [{ field: 'name', before: 'A', after: 'B' }]
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? null;
  const a = after ?? null;
  if ((b !== null && !isRecord(b)) || (a !== null && !isRecord(a))) {
    return same(b, a) ? [] : [{ field: 'value', before: b, after: a }];
  }
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .map((field) => ({
      field,
      before: b === null ? null : (b[field] ?? null),
      after: a === null ? null : (a[field] ?? null),
    }))
    .filter((change) => !same(change.before, change.after));
}

/** A value as text: strings as they are, null as null (the caller shows its own "empty"), the rest as JSON. */
export function displayValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
