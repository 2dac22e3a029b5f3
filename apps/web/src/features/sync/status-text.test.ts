import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { syncStatusOf } from './status-text';
import type { SyncSnapshot } from './sync-state';

const base: SyncSnapshot = {
  progress: { phase: 'idle', done: 0, total: 0, retryAt: null, syncedAt: null },
  pending: 0,
  conflicts: 0,
  rejected: 0,
  loaded: true,
};
const text = (change: Partial<SyncSnapshot>, progress: Partial<SyncSnapshot['progress']> = {}) =>
  syncStatusOf({ ...base, ...change, progress: { ...base.progress, ...progress } }, translate)?.text ?? null;

describe('the sync status line', () => {
  it('claims nothing before the outbox was read, or when nobody is signed in', () => {
    expect(text({ loaded: false })).toBeNull();
    expect(text({}, { phase: 'signed-out' })).toBeNull();
  });

  it('shows progress, then what waits, then what needs attention, else all synced', () => {
    expect(text({ pending: 17 }, { phase: 'syncing', done: 3, total: 20 })).toBe('Syncing 3 of 20…');
    expect(text({ pending: 1 }, { phase: 'offline' })).toBe('1 change waiting to sync');
    expect(text({ pending: 4, rejected: 2 }, { phase: 'offline' })).toBe('4 changes waiting to sync');
    expect(text({ pending: 2 }, { phase: 'retrying', retryAt: Date.UTC(2026, 10, 24, 9, 30) })).toMatch(
      /^Sync failed: trying again at /,
    );
    expect(text({ conflicts: 1 })).toBe('1 change needs attention');
    expect(text({ conflicts: 1, rejected: 1 })).toBe('2 changes need attention');
    expect(text({})).toBe('All changes synced');
  });
});
