import { describe, expect, it } from 'vitest';
import { isolationPointInputSchema, type IsolationPoint, type MasterListItem } from '@hasp/contracts';
import {
  energySourceFormValuesOf,
  energySourceInputOf,
  energySourceProblems,
  formatMagnitude,
  isolationPointFormValuesOf,
  isolationPointInputOf,
  isolationPointProblems,
  parseMagnitude,
  pickerOptions,
} from './form-values';
import { assetIdParam, assetMatches, pathText } from './asset-matches';

const point: IsolationPoint = {
  ID: 7,
  componentId: 3,
  code: 'H-2',
  deviceType: { ID: 12, value: 'valve', caption: 'valve', isActive: true },
  location: 'Pump suction',
  normalPosition: 'Open',
  isolatedPosition: 'Closed',
  lockable: false,
  tagOnlyMeasure: 'Handle removed',
  verificationMethod: 'Gauge reads 0',
  photo: null,
  isActive: true,
  version: 4,
};

describe('energy source form values', () => {
  it('reads magnitudes as typed: decimals with a comma, spaces, empty as not measurable', () => {
    expect(parseMagnitude('480')).toBe(480);
    expect(parseMagnitude(' 1,5 ')).toBe(1.5);
    expect(parseMagnitude('1 000')).toBe(1000);
    expect(parseMagnitude('')).toBeNull();
    expect(parseMagnitude('480 V')).toBeUndefined();
    expect(parseMagnitude('abc')).toBeUndefined();
  });

  it('refuses a missing type and a magnitude that is not a number', () => {
    const values = { ...energySourceFormValuesOf(null), magnitude: '12x' };
    expect(energySourceProblems(values)).toEqual({ energyTypeItemId: 'required', magnitude: 'magnitudeNumber' });
  });

  it('builds the request body with numbers, trimmed text and the version read', () => {
    const values = {
      ...energySourceFormValuesOf(null),
      energyTypeItemId: '5',
      magnitude: '120',
      unit: ' psi ',
      storedEnergy: true,
    };
    expect(energySourceProblems(values)).toEqual({});
    expect(energySourceInputOf(values, 3)).toEqual({
      energyTypeItemId: 5,
      magnitude: 120,
      unit: 'psi',
      storedEnergy: true,
      description: '',
      isActive: true,
      version: 3,
    });
    expect(energySourceInputOf({ ...values, magnitude: '' }, undefined)).not.toHaveProperty('version');
    expect(energySourceInputOf({ ...values, magnitude: '' }, undefined).magnitude).toBeNull();
  });

  it('shows magnitude and unit as one reads them', () => {
    expect(formatMagnitude({ magnitude: 480, unit: 'V' })).toBe('480 V');
    expect(formatMagnitude({ magnitude: 3000, unit: 'psi' })).toBe('3,000 psi');
    expect(formatMagnitude({ magnitude: null, unit: '' })).toBe('');
  });
});

describe('isolation point form values', () => {
  it('turns a stored tag-only point into the form and back unchanged', () => {
    const values = isolationPointFormValuesOf(point);
    expect(values.lockMode).toBe('tag-only');
    expect(values.deviceTypeItemId).toBe('12');
    expect(isolationPointInputOf(values, point.version)).toEqual({
      code: 'H-2',
      deviceTypeItemId: 12,
      location: 'Pump suction',
      normalPosition: 'Open',
      isolatedPosition: 'Closed',
      lockable: false,
      tagOnlyMeasure: 'Handle removed',
      verificationMethod: 'Gauge reads 0',
      isActive: true,
      version: 4,
    });
  });

  it('asks for the extra protective measure of a tag-only point, as the server does (OSHA (c)(3))', () => {
    const values = { ...isolationPointFormValuesOf(point), tagOnlyMeasure: '  ' };
    expect(isolationPointProblems(values)).toEqual({ tagOnlyMeasure: 'measureRequired' });
    expect(isolationPointProblems(values, false)).toEqual({});
    // The contract refuses the same body: the form's check and the server's rule agree.
    expect(isolationPointInputSchema.safeParse(isolationPointInputOf(values, 4)).success).toBe(false);
    expect(isolationPointProblems({ ...values, lockMode: 'lockable' })).toEqual({});
  });

  it('sends no leftover measure for a lockable point', () => {
    const values = { ...isolationPointFormValuesOf(point), lockMode: 'lockable' as const };
    const input = isolationPointInputOf(values, 4);
    expect(input.lockable).toBe(true);
    expect(input.tagOnlyMeasure).toBe('');
    expect(isolationPointInputSchema.safeParse(input).success).toBe(true);
  });

  it('requires a code and a device type', () => {
    expect(isolationPointProblems(isolationPointFormValuesOf(null))).toEqual({
      code: 'required',
      deviceTypeItemId: 'required',
    });
  });
});

describe('master-list pickers', () => {
  const item = (ID: number, value: string, sortOrder: number, isActive = true): MasterListItem => ({
    ID,
    listKey: 'energy-types',
    value,
    caption: value,
    sortOrder,
    isActive,
  });

  it('offers active entries in their order, and keeps a record’s retired entry shown as such', () => {
    const items = [item(2, 'pneumatic', 20), item(1, 'electrical', 10), item(3, 'steam', 30, false)];
    expect(pickerOptions(items, null)).toEqual([
      { value: '1', label: 'electrical', inactive: false },
      { value: '2', label: 'pneumatic', inactive: false },
    ]);
    const options = pickerOptions(items, { ID: 3, value: 'steam', caption: 'steam', isActive: false });
    expect(options.at(-1)).toEqual({ value: '3', label: 'steam', inactive: true });
    expect(pickerOptions(items, { ID: 1, value: 'electrical', caption: 'electrical', isActive: true })).toHaveLength(2);
    // The label is the caption, or what the screen makes of it (its translation).
    expect(pickerOptions([{ ...item(1, 'electrical', 10), caption: 'Electrical' }], null)[0]!.label).toBe('Electrical');
    expect(pickerOptions(items, null, (i) => `es:${i.caption}`)[0]!.label).toBe('es:electrical');
  });
});

describe('asset search results', () => {
  const node = (kind: 'area' | 'asset', ID: number, number: string) => ({
    kind,
    ID,
    number,
    name: `${number} name`,
    status: null,
    hasChildren: false,
    childCount: 0,
  });

  it('offers assets only, with the path to them', () => {
    const path = [{ kind: 'area' as const, ID: 1, number: 'A-100', name: 'Press shop' }];
    const matches = assetMatches([
      { node: node('area', 1, 'A-100'), path: [] },
      { node: node('asset', 9, 'PR-001'), path },
    ]);
    expect(matches).toEqual([{ ID: 9, number: 'PR-001', name: 'PR-001 name', path }]);
    expect(pathText([...path, { kind: 'area', ID: 2, number: 'A-110', name: 'Line 1' }])).toBe(
      'A-100 Press shop › A-110 Line 1',
    );
  });

  it('reads ?assetId only when it is a positive whole number', () => {
    expect(assetIdParam('42')).toBe(42);
    expect(assetIdParam(null)).toBeNull();
    expect(assetIdParam('0')).toBeNull();
    expect(assetIdParam('4.2')).toBeNull();
    expect(assetIdParam('abc')).toBeNull();
  });
});
