import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

const at = '2026-11-29T13:08:00Z';

describe('formatDateTime: the permit screens’ one formatter', () => {
  it('says Spanish times on a 24-hour clock with the day first', () => {
    const spanish = { language: 'es', timeZone: 'Europe/Madrid', deviceZone: 'Europe/Madrid' };
    expect(formatDateTime(at, spanish)).toBe('29/11/2026, 14:08');
    expect(formatDateTime('2026-11-29T22:30:00Z', spanish)).toBe('29/11/2026, 23:30');
    expect(formatDateTime(at, { ...spanish, parts: 'time' })).toBe('14:08');
    expect(formatDateTime(at, spanish)).not.toMatch(/AM|PM|11\/29/);
  });

  it('says English times as before: medium date, 12-hour clock', () => {
    expect(formatDateTime(at, { language: 'en', timeZone: 'America/Chicago', deviceZone: 'America/Chicago' })).toBe(
      'Nov 29, 2026, 7:08 AM',
    );
  });

  it("says the time in the facility's zone, labelled only when the device is in another zone", () => {
    const plant = { language: 'es', timeZone: 'America/Chicago' };
    expect(formatDateTime(at, { ...plant, deviceZone: 'America/Chicago' })).toBe('29/11/2026, 7:08');
    expect(formatDateTime(at, { ...plant, deviceZone: 'Europe/Madrid' })).toBe('29/11/2026, 7:08 GMT-6');
    expect(formatDateTime(at, { ...plant, deviceZone: 'Europe/Madrid', parts: 'time' })).toBe('7:08 GMT-6');
    expect(formatDateTime(at, { language: 'en', timeZone: 'America/Chicago', deviceZone: 'UTC' })).toBe(
      'Nov 29, 2026, 7:08 AM CST',
    );
  });

  it('shows an unreadable instant as it came rather than "Invalid Date"', () => {
    expect(formatDateTime('not a date', { language: 'es' })).toBe('not a date');
  });
});
