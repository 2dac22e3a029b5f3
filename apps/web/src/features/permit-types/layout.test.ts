import { describe, expect, it } from 'vitest';
import type { PermitGroup, PermitType } from '@hasp/contracts';
import { moveGroup, moveType } from './layout';

const type = (ID: number, groupId: number): PermitType => ({
  ID,
  groupId,
  code: `T${ID}`,
  name: `Type ${ID}`,
  icon: 'file',
  color: '#000000',
  prefix: 'P-',
  sections: [],
  maxValidityHours: 8,
  maxExtensions: 2,
  offlineEnabled: false,
  tagPerPersonalLock: false,
  gasRetestMinutes: 120,
  hazardAnalysisRequired: false,
  isActive: true,
  sortOrder: 0,
});
const groups: PermitGroup[] = [
  { ID: 1, name: 'A', icon: 'lock', sortOrder: 0, types: [type(11, 1), type(12, 1)] },
  { ID: 2, name: 'B', icon: 'box', sortOrder: 1, types: [type(21, 2)] },
  { ID: 3, name: 'C', icon: 'box', sortOrder: 2, types: [] },
];
const shape = (layout: ReturnType<typeof moveType>) => layout?.groups.map((g) => [g.ID, g.typeIds]);

describe('permit type layout moves', () => {
  it('swaps a type with its neighbour inside the group', () => {
    expect(shape(moveType(groups, 11, 1))).toEqual([
      [1, [12, 11]],
      [2, [21]],
      [3, []],
    ]);
  });

  it('crosses into the neighbouring group at the edge of its own', () => {
    expect(shape(moveType(groups, 12, 1))).toEqual([
      [1, [11]],
      [2, [12, 21]],
      [3, []],
    ]);
    expect(shape(moveType(groups, 21, -1))).toEqual([
      [1, [11, 12, 21]],
      [2, []],
      [3, []],
    ]);
    expect(shape(moveType(groups, 21, 1))).toEqual([
      [1, [11, 12]],
      [2, []],
      [3, [21]],
    ]);
  });

  it('does nothing at the very ends', () => {
    expect(moveType(groups, 11, -1)).toBeNull();
    expect(moveGroup(groups, 1, -1)).toBeNull();
    expect(moveGroup(groups, 3, 1)).toBeNull();
  });

  it('swaps groups and keeps their types', () => {
    expect(shape(moveGroup(groups, 2, -1))).toEqual([
      [2, [21]],
      [1, [11, 12]],
      [3, []],
    ]);
  });

  it('never changes the groups it was given', () => {
    moveType(groups, 12, 1);
    expect(groups[0]!.types.map((t) => t.ID)).toEqual([11, 12]);
  });
});
