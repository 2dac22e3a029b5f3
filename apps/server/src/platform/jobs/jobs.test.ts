import { describe, expect, it } from 'vitest';
import { createQueueRetrying } from './jobs';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('createQueueRetrying: two processes creating the same pg-boss queue at once', () => {
  it('tries again when PostgreSQL chose it as a deadlock victim', async () => {
    let calls = 0;
    await createQueueRetrying(async () => {
      calls += 1;
      if (calls < 3) throw deadlock;
    });
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let calls = 0;
    await expect(
      createQueueRetrying(async () => {
        calls += 1;
        throw deadlock;
      }, 2),
    ).rejects.toBe(deadlock);
    expect(calls).toBe(2);
    const other = new Error('permission denied');
    calls = 0;
    await expect(
      createQueueRetrying(async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
