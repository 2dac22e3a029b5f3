import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './http';
import { keptForOffline, readKeepingForOffline, type KeptOwner } from './kept-for-offline';

// Decision 0062: what the signed-in frame needs (the sidebar's navigation, the session context) is
// kept per owner, and a reload with no network answers from it instead of an error.
const alex = { connectionStringName: 'Demo', facilityId: 1, userId: 7 };
const parse = (data: unknown) => (Array.isArray(data) ? (data as string[]) : undefined);
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
/** The copy is written in the background (the online answer does not wait for it): until it is there. */
const keptAs = (owner: KeptOwner, kind: string) =>
  vi.waitFor(async () => expect(await keptForOffline(owner, kind, (data) => data)).toBeDefined());

describe('readKeepingForOffline', () => {
  it('keeps the answer and gives it back when the network is gone, to its owner only', async () => {
    expect(await readKeepingForOffline(alex, 'navigation', () => Promise.resolve(['LOTO']), parse)).toEqual(['LOTO']);
    await keptAs(alex, 'navigation');
    expect(await readKeepingForOffline(alex, 'navigation', offline, parse)).toEqual(['LOTO']);
    // Another user, facility or connection of the same device gets nothing of it.
    await expect(readKeepingForOffline({ ...alex, userId: 8 }, 'navigation', offline, parse)).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(readKeepingForOffline({ ...alex, facilityId: 2 }, 'navigation', offline, parse)).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(readKeepingForOffline(alex, 'session-context', offline, parse)).rejects.toThrow('Failed to fetch');
  });

  it('never answers a server refusal with the kept copy (the permissions behind it may be gone)', async () => {
    await readKeepingForOffline(alex, 'navigation', () => Promise.resolve(['LOTO']), parse);
    await keptAs(alex, 'navigation');
    const refusal = new ApiRequestError(403, { code: 'FORBIDDEN', message: 'No access' });
    await expect(readKeepingForOffline(alex, 'navigation', () => Promise.reject(refusal), parse)).rejects.toBe(refusal);
  });

  it('does not answer with a kept copy that no longer reads as expected', async () => {
    await readKeepingForOffline(alex, 'old-shape', () => Promise.resolve({ not: 'a list' } as never), parse);
    await keptAs(alex, 'old-shape');
    await expect(readKeepingForOffline(alex, 'old-shape', offline, parse)).rejects.toThrow('Failed to fetch');
  });
});
