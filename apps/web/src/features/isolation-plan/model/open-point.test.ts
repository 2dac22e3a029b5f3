import { describe, expect, it } from 'vitest';
import { openPointOf, withOpenPoint } from './open-point';

describe('the open point in the URL', () => {
  it('reads a plan point id, and nothing from a missing or malformed one', () => {
    expect(openPointOf(new URLSearchParams('tab=isolation-plan&point=12'))).toBe(12);
    expect(openPointOf(new URLSearchParams('tab=isolation-plan'))).toBeUndefined();
    expect(openPointOf(new URLSearchParams('point=abc'))).toBeUndefined();
    expect(openPointOf(new URLSearchParams('point=-3'))).toBeUndefined();
  });

  it('sets and clears the point, keeping the tab', () => {
    const opened = withOpenPoint(new URLSearchParams('tab=isolation-plan'), 7);
    expect(opened.toString()).toBe('tab=isolation-plan&point=7');
    expect(withOpenPoint(opened, undefined).toString()).toBe('tab=isolation-plan');
  });
});
