import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inactivityTimeoutMinutes, LAST_ACTIVE_KEY, watchInactivity } from './inactivity';

const MINUTE = 60_000;

describe('inactivityTimeoutMinutes', () => {
  it("uses the facility's loginTimeout in minutes when online", () => {
    expect(inactivityTimeoutMinutes(30, true)).toBe(30);
    expect(inactivityTimeoutMinutes(1, true)).toBe(1);
    expect(inactivityTimeoutMinutes('15', true)).toBe(15);
  });

  it('gives 10 for an invalid value or one under 1', () => {
    for (const value of [0, 0.5, -5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, '', 'abc', {}]) {
      expect(inactivityTimeoutMinutes(value, true), JSON.stringify(value) ?? 'undefined').toBe(10);
    }
  });

  it('uses 1440 whenever offline, whatever the facility says', () => {
    expect(inactivityTimeoutMinutes(30, false)).toBe(1440);
    expect(inactivityTimeoutMinutes(0, false)).toBe(1440);
  });
});

describe('watchInactivity', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out once after the timeout without activity', () => {
    const onTimeout = vi.fn();
    const watch = watchInactivity({ timeoutMs: 30 * MINUTE, onTimeout });
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('counts mouse movement, keys and touches as activity', () => {
    const onTimeout = vi.fn();
    const watch = watchInactivity({ timeoutMs: 10 * MINUTE, onTimeout });
    for (const type of ['mousemove', 'keydown', 'touchstart']) {
      vi.advanceTimersByTime(9 * MINUTE);
      window.dispatchEvent(new Event(type));
    }
    vi.advanceTimersByTime(9 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('samples activity at most once per second and shares it through localStorage', () => {
    const setItem = vi.spyOn(window.localStorage, 'setItem');
    const watch = watchInactivity({ timeoutMs: 10 * MINUTE, onTimeout: () => {} });
    const start = Date.now();
    expect(window.localStorage.getItem(LAST_ACTIVE_KEY)).toBe(String(start));
    setItem.mockClear();

    // A burst of movement within one second is one sample.
    for (let i = 0; i < 20; i += 1) {
      vi.advanceTimersByTime(40);
      window.dispatchEvent(new Event('mousemove'));
    }
    expect(setItem).not.toHaveBeenCalled();
    expect(watch.lastActive()).toBe(start);

    vi.advanceTimersByTime(200); // now 1000 ms after the last sample
    window.dispatchEvent(new Event('mousemove'));
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(watch.lastActive()).toBe(start + 1000);
    expect(window.localStorage.getItem(LAST_ACTIVE_KEY)).toBe(String(start + 1000));

    window.dispatchEvent(new Event('mousemove'));
    expect(setItem).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('stays signed in while another tab is active', () => {
    const onTimeout = vi.fn();
    const watch = watchInactivity({ timeoutMs: 10 * MINUTE, onTimeout });
    vi.advanceTimersByTime(8 * MINUTE);
    // Another tab writes its activity: this tab hears it as a storage event.
    window.dispatchEvent(
      new StorageEvent('storage', { key: LAST_ACTIVE_KEY, newValue: String(Date.now()), oldValue: null }),
    );
    vi.advanceTimersByTime(8 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    // Even without the event, the shared value is read back before timing out.
    window.localStorage.setItem(LAST_ACTIVE_KEY, String(Date.now()));
    vi.advanceTimersByTime(9 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    watch.stop();
  });

  it('applies a new timeout without counting the change as activity', () => {
    const onTimeout = vi.fn();
    const watch = watchInactivity({ timeoutMs: 10 * MINUTE, onTimeout });
    vi.advanceTimersByTime(5 * MINUTE);
    watch.setTimeoutMs(30 * MINUTE);
    vi.advanceTimersByTime(25 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stops listening when stopped', () => {
    const onTimeout = vi.fn();
    const watch = watchInactivity({ timeoutMs: MINUTE, onTimeout });
    watch.stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
