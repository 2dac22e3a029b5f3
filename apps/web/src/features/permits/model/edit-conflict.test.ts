import { describe, expect, it } from 'vitest';
import type { Permit, PermitEdit } from '@hasp/contracts';
import { deviceEditOf, deviceEditValues, editDifferences, mergedEdit, serverPermitOf } from './edit-conflict';
import { valuesFromPermit } from './permit-form';

const server = {
  title: 'Clean hopper',
  description: 'Hopper 2',
  workMethod: 'Lock out the feeder.',
  area: { ID: 1, number: 'A-1', name: 'Packing' },
  assets: [{ ID: 5, number: 'CV-5', description: 'Conveyor' }],
  plannedStart: '2026-11-30T08:00:00.000Z',
  plannedEnd: '2026-11-30T12:00:00.000Z',
  holder: { ID: 10, displayName: 'Wren Worker' },
  riskLevel: 'medium',
} as unknown as Permit;

const mine: PermitEdit = {
  title: 'Clean hopper and chute',
  description: 'Hopper 2',
  workMethod: 'Lock out the feeder.',
  areaId: 2,
  assetIds: [5],
  plannedStart: '2026-11-30T08:00:00.000Z',
  plannedEnd: '2026-11-30T12:00:00.000Z',
  holderId: 10,
  riskLevel: 'medium',
};

describe('a permit edit in conflict', () => {
  it('reads the server permit from the locked state and the device edit from the input', () => {
    expect(serverPermitOf({ version: 3, record: server })).toBe(server);
    expect(serverPermitOf({ version: 3 })).toBeNull();
    expect(deviceEditOf(mine)).toEqual(mine);
    expect(deviceEditOf({ title: 'only' })).toBeNull();
  });

  it('names the device values: ids by the server permit, else the device copy, else #id', () => {
    const device = { ...server, area: { ID: 2, number: 'A-2', name: 'Chute' } } as Permit;
    expect(deviceEditValues(mine, server, device).area).toEqual({ ID: 2, label: 'A-2 · Chute' });
    expect(deviceEditValues(mine, server, null).area).toEqual({ ID: 2, label: '#2' });
    expect(deviceEditValues(mine, server, null).holder).toEqual({ ID: 10, displayName: 'Wren Worker' });
  });

  it('lists only the fields that differ, in form order', () => {
    const theirs = valuesFromPermit(server);
    expect(editDifferences(deviceEditValues(mine, server, null), theirs)).toEqual(['title', 'area']);
  });

  it('merges the chosen fields over the server values', () => {
    const theirs = valuesFromPermit(server);
    const values = deviceEditValues(mine, server, null);
    const merged = mergedEdit(values, theirs, new Set(['title'] as const));
    expect(merged).toEqual({ ok: true, body: expect.objectContaining({ title: 'Clean hopper and chute', areaId: 1 }) });
  });

  it('refuses a mix whose planned window does not hold, with the reason', () => {
    const theirs = valuesFromPermit({
      ...server,
      plannedStart: '2026-11-30T13:00:00.000Z',
      plannedEnd: '2026-11-30T15:00:00.000Z',
    });
    const values = deviceEditValues(mine, server, null);
    expect(mergedEdit(values, theirs, new Set(['plannedEnd'] as const))).toEqual({
      ok: false,
      message: 'Planned end must be after planned start',
    });
  });
});
