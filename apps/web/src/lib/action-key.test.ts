import { describe, expect, it } from 'vitest';
import { actionKey } from './action-key';

describe('actionKey: one idempotency key per user action', () => {
  const keys = () => {
    let n = 0;
    return actionKey(() => `k${++n}`);
  };

  it('sends the same command again with the same key until it succeeds', () => {
    const key = keys();
    expect(key.keyFor({ lockId: 1, planPointId: 2 })).toBe('k1');
    // The answer was lost, or the user pressed again: the same command, the same key.
    expect(key.keyFor({ lockId: 1, planPointId: 2 })).toBe('k1');
    key.done();
    // The same body after a success is a new action (the lock applied again after its removal).
    expect(key.keyFor({ lockId: 1, planPointId: 2 })).toBe('k2');
  });

  it('gives a changed command a new key (a key sent with another body is refused)', () => {
    const key = keys();
    expect(key.keyFor({ verb: 'notify', version: 3 })).toBe('k1');
    expect(key.keyFor({ verb: 'notify', version: 4 })).toBe('k2');
    expect(key.keyFor({ verb: 'notify', version: 3 })).toBe('k3');
  });
});
