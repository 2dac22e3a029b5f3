import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schema our zod schemas emit into the OpenAPI document
 * (OpenAPI 3.0 flavour: `nullable`, boolean `exclusiveMinimum`). No maintained npm package maps JSON
 * Schema to fast-check 4 (json-schema-fast-check needs fast-check 1, zod-fast-check needs zod 3), and
 * the subset is small: type, properties/required, items, enum, anyOf, bounds, pattern, format.
 */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Values the schema accepts (what a well-behaved client sends). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = nonNullValue(schema);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function nonNullValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(validValue));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validInteger(schema);
    case 'number':
      return fc.double({ min: lowerBound(schema, -1e9), max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function lowerBound(schema: JsonSchema, fallback: number): number {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  const min = schema.minimum ?? fallback;
  return schema.exclusiveMinimum === true ? min + 1 : min;
}

function validInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const min = lowerBound(schema, INT32_MIN);
  const max = schema.maximum ?? INT32_MAX;
  const small = fc.integer({ min: Math.max(min, INT32_MIN), max: Math.min(max, INT32_MAX) });
  if (max <= INT32_MAX && min >= INT32_MIN) return small;
  // Beyond 32 bits (zod's z.int() allows safe integers): the range a database column may not hold.
  return fc.oneof(
    small,
    fc.maxSafeInteger().filter((n) => n >= min && n <= max),
  );
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 40;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.oneof(fc.constant('someone@example.com'), fc.emailAddress().filter(fits));
  // A pattern bounds the length itself (`{1,200}`): filtering its strings by the default 40 would
  // reject nearly all of them and spin the generator for minutes.
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && (schema.maxLength === undefined || s.length <= schema.maxLength));
  const max = Math.max(minLength, Math.min(maxLength, 40));
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength: max }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: max }).filter(fits), weight: 1 },
  );
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property)])),
    { requiredKeys: schema.required ?? [] },
  );
  if (typeof schema.additionalProperties !== 'object') return known;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(schema.additionalProperties), {
    maxKeys: 4,
  });
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

/** A value nested `depth` levels deep, alternating arrays and objects. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** What an attacker sends in place of a value: out-of-range numbers, NUL and control characters, huge and deep values, wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1e20, 1e308, -1, 0, 0.5, -0),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u001b[31m\u007f\u0085',
    '\u202e\ufeff',
    '\ud800',
    '9999999999',
    '2147483648',
    '-1',
    '1e999',
    'NaN',
    '0x10',
    ' ',
    '',
    "'; select pg_sleep(1); --",
    '../../etc/passwd',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => `${s}\u0000${s}`),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 40, max: 1_000 }).map(nested),
  fc.constantFrom(null, true, false, [], {}, [null], { '\u0000': 1 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid value with one place (the value itself, or anything inside it) replaced by a hostile value. */
export function mutatedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(validValue(schema), fc.nat(), hostileValue, fc.boolean())
    .map(([value, pick, bad, addKey]) => replaceOne(value, pick, bad, addKey));
}

function replaceOne(value: unknown, pick: number, bad: unknown, addKey: boolean): unknown {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      places.push({ parent: current as Record<string, unknown>, key: Array.isArray(current) ? Number(key) : key });
      stack.push(child);
    }
  }
  if (addKey && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { ...value, unexpected: bad };
  }
  if (places.length === 0) return bad;
  const place = places[pick % places.length]!;
  (place.parent as Record<string | number, unknown>)[place.key] = bad;
  return value;
}
