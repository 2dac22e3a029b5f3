import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { browserDatabase, type StoredPermit } from '../../../offline-db';
import { useLiveQuery } from './live-query';

const row = (id: number): StoredPermit => ({
  connectionStringName: 'Live',
  facilityId: 1,
  userId: 1,
  key: `Live:1:${id}`,
  permitType: 'LOTO',
  version: 1,
  data: {},
  updatedAt: '2026-11-25T00:00:00.000Z',
});

describe('useLiveQuery paused (decision 0065)', () => {
  it('keeps its answer while paused and reads once when unpaused, not after each write', async () => {
    const db = browserDatabase();
    await db.permits.put(row(1));
    let runs = 0;
    const count = async () => {
      runs += 1;
      return db.permits.where('[connectionStringName+facilityId]').equals(['Live', 1]).count();
    };
    const { result, rerender } = renderHook(({ paused }) => useLiveQuery(count, ['Live'], { paused }), {
      initialProps: { paused: false },
    });
    await waitFor(() => expect(result.current).toBe(1));
    rerender({ paused: true });
    const before = runs;
    await db.permits.put(row(2));
    await db.permits.put(row(3));
    expect(result.current).toBe(1);
    rerender({ paused: false });
    await waitFor(() => expect(result.current).toBe(3));
    // One read on unpausing; none for the two writes made while paused.
    expect(runs).toBe(before + 1);
  });
});
