import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

// Decision 0062: the network modes are set in one place, the app's query client, from its first
// query on (they used to be set by the permit page when it first rendered).
describe('createQueryClient', () => {
  it('runs the queries the device can answer while offline, and pauses the others', () => {
    const client = createQueryClient();
    const mode = (queryKey: unknown[]) => client.defaultQueryOptions({ queryKey }).networkMode;
    expect(mode(['permits', 42])).toBe('always');
    expect(mode(['isolation-plan', 42])).toBe('always');
    expect(mode(['tags', 'permit', 42])).toBe('always');
    expect(mode(['session-context', 2, 1])).toBe('always');
    expect(mode(['navigation', 2, 1])).toBe('always');
    expect(mode(['announcements'])).toBeUndefined();
    expect(mode(['tags', 'status', 7])).toBeUndefined();
  });

  it('runs every mutation while offline (the offline source queues it; none waits behind the outbox)', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});
