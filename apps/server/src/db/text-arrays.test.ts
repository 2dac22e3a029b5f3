import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEXT_ARRAY_OID, textArrayParser } from './text-arrays';

const textArray = TEXT_ARRAY_OID as unknown as Parameters<typeof pg.types.getTypeParser>[0];
const original = pg.types.getTypeParser(textArray, 'text') as (value: string) => unknown;

describe('textArrayParser', () => {
  it('answers what pg answers, nulls, quotes and escapes included', () => {
    const parse = textArrayParser(original);
    for (const value of ['{}', '{isolation-plan,questions}', '{NULL,"a b","c,d","e\\"f"}', '{"{x}"}']) {
      expect(parse(value)).toEqual(original(value));
      expect(parse(value)).toEqual(original(value));
    }
  });

  it('answers a fresh copy each time, so one caller changing its array changes no other', () => {
    const parse = textArrayParser(original);
    const first = parse('{isolation-plan,questions}') as string[];
    first.push('changed');
    const second = parse('{isolation-plan,questions}') as string[];
    expect(second).toEqual(['isolation-plan', 'questions']);
    expect(second).not.toBe(parse('{isolation-plan,questions}'));
  });

  it('parses once a remembered value and never remembers long ones', () => {
    let calls = 0;
    const parse = textArrayParser((value) => {
      calls += 1;
      return original(value);
    });
    parse('{a,b}');
    parse('{a,b}');
    expect(calls).toBe(1);
    const long = `{${'x'.repeat(300)}}`;
    parse(long);
    parse(long);
    expect(calls).toBe(3);
  });
});
