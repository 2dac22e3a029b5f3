/** Where business time comes from: one clock per app, replaced in tests so time can be moved. */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with the machine's but can be moved forward (expiry and grace-window tests). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

/**
 * A clock offset from the machine's by however far tests moved it.
 * @example const clock = movableClock(); clock.advance(16 * 60_000); // tokens issued now have expired
 */
export function movableClock(offsetMs = 0): MovableClock {
  let offset = offsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
