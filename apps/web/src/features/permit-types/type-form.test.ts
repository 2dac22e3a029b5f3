import { describe, expect, it } from 'vitest';
import { typeFormValuesOf, typeInputOf, typeProblems } from './type-form';

const valid = { ...typeFormValuesOf(null, 3), code: 'WAH', name: 'Work at Height', prefix: 'WAH-' };

describe('permit type form', () => {
  it('accepts a complete new type and sends numbers as numbers', () => {
    expect(typeProblems(valid, true)).toEqual({});
    expect(typeInputOf({ ...valid, maxValidityHours: ' 24 ' })).toMatchObject({ groupId: 3, maxValidityHours: 24 });
  });

  it('names each field at fault', () => {
    expect(
      typeProblems({ ...valid, code: 'wah', color: 'teal', prefix: 'W H', maxValidityHours: '0', name: ' ' }, true),
    ).toEqual({
      code: 'invalidCode',
      name: 'required',
      color: 'invalidColor',
      prefix: 'invalidPrefix',
      maxValidityHours: 'invalidValidity',
    });
    expect(typeProblems({ ...valid, maxValidityHours: '8761' }, true)).toEqual({ maxValidityHours: 'invalidValidity' });
    expect(typeProblems({ ...valid, maxValidityHours: '1.5' }, true)).toEqual({ maxValidityHours: 'invalidValidity' });
  });

  it('takes the maximum extensions as a whole number from 0 to 10', () => {
    expect(valid.maxExtensions).toBe('2');
    expect(typeInputOf({ ...valid, maxExtensions: ' 0 ' })).toMatchObject({ maxExtensions: 0 });
    expect(typeProblems({ ...valid, maxExtensions: '10' }, true)).toEqual({});
    expect(typeProblems({ ...valid, maxExtensions: '' }, true)).toEqual({ maxExtensions: 'required' });
    for (const wrong of ['11', '-1', '1.5', 'two'])
      expect(typeProblems({ ...valid, maxExtensions: wrong }, true)).toEqual({ maxExtensions: 'invalidExtensions' });
  });

  it('does not check the code of an existing type (it cannot change)', () => {
    expect(typeProblems({ ...valid, code: '' }, false)).toEqual({});
  });
});
