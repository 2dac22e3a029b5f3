import { describe, expect, it } from 'vitest';
import {
  changedElsewhere,
  changedFields,
  conflictsWith,
  emptyValues,
  fromLocalInput,
  isDirty,
  reapplyEdits,
  toLocalInput,
  windowProblem,
  type PermitFormValues,
} from './permit-form';

const base: PermitFormValues = {
  title: 'Replace belt',
  description: 'Worn belt',
  workMethod: 'Isolate first',
  area: { ID: 1, label: 'A1 · North' },
  assets: [{ ID: 5, label: 'P-5' }],
  plannedStart: '2026-12-01T08:00',
  plannedEnd: '2026-12-01T12:00',
  holder: null,
  riskLevel: 'low',
};

describe('dirty tracking', () => {
  it('is clean for the same values, and ignores outer spaces and picker labels', () => {
    expect(isDirty(base, { ...base })).toBe(false);
    expect(isDirty(base, { ...base, title: ' Replace belt ', area: { ID: 1, label: 'renamed' } })).toBe(false);
  });
  it('names each changed field in form order', () => {
    const edited = { ...base, riskLevel: 'high' as const, title: 'Replace drive belt', assets: [] };
    expect(changedFields(base, edited)).toEqual(['title', 'assets', 'riskLevel']);
  });
  it('sees an asset order change and a new holder', () => {
    const two = { ...base, assets: [...base.assets, { ID: 6, label: 'P-6' }] };
    expect(changedFields(two, { ...two, assets: [...two.assets].reverse() })).toEqual(['assets']);
    expect(changedFields(base, { ...base, holder: { ID: 3, displayName: 'Worker' } })).toEqual(['holder']);
  });
});

describe('a stale save (409)', () => {
  it("lays the user's edits over the latest values and shows where the server differs", () => {
    const mine = { ...base, title: 'My title', workMethod: 'My method' };
    const latest = { ...base, title: 'Their title', description: 'Their description' };
    const merged = reapplyEdits(base, mine, latest);
    expect(merged).toEqual({ ...latest, title: 'My title', workMethod: 'My method' });
    expect(conflictsWith(mine, latest)).toEqual(['title', 'description', 'workMethod']);
    // After reloading, the merged form is dirty against the latest: exactly the user's edits.
    expect(changedFields(latest, merged)).toEqual(['title', 'workMethod']);
  });
});

describe('the planned window', () => {
  it("refuses an end before the start or beyond the type's maximum validity", () => {
    expect(windowProblem(base, 8)).toBeNull();
    expect(windowProblem({ ...base, plannedEnd: '2026-12-01T07:00' }, 8)).toBe(
      'Planned end must be after planned start',
    );
    expect(windowProblem({ ...base, plannedEnd: '2026-12-01T17:00' }, 8)).toMatch(/at most 8 h/);
    expect(windowProblem({ ...base, plannedEnd: '' }, 8)).toBe('Planned start and end are required');
  });
  it('round-trips local input text and starts a new form on the next quarter hour', () => {
    expect(toLocalInput(fromLocalInput('2026-12-01T08:05'))).toBe('2026-12-01T08:05');
    const fresh = emptyValues(new Date(2026, 11, 1, 8, 5), 4);
    expect(fresh.plannedStart).toBe('2026-12-01T08:15');
    expect(fresh.plannedEnd).toBe('2026-12-01T12:15');
  });
});

describe('a permit changed elsewhere while edited', () => {
  it('is said only while the user has unsaved edits on an older version, and not over the conflict panel', () => {
    expect(changedElsewhere(true, 4, 3, false)).toBe(true);
    expect(changedElsewhere(false, 4, 3, false)).toBe(false); // no edits: the form simply takes the new permit
    expect(changedElsewhere(true, 3, 3, false)).toBe(false); // nothing new
    expect(changedElsewhere(true, 4, 3, true)).toBe(false); // the 409's panel explains it
  });
});
