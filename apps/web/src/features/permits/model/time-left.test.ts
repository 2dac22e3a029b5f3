import { describe, expect, it } from 'vitest';
import { formatDuration, msUntilNextChange, validityLine } from './time-left';

const at = (iso: string) => Date.parse(iso);
const min = 60_000;

describe('formatDuration', () => {
  it('floors to whole minutes and shows the two largest units', () => {
    expect(formatDuration(3 * 60 * min + 20 * min + 59_999)).toBe('3 h 20 min');
    expect(formatDuration(2 * 60 * min)).toBe('2 h');
    expect(formatDuration(45 * min)).toBe('45 min');
    expect(formatDuration(26 * 60 * min + 5 * min)).toBe('1 d 2 h');
    expect(formatDuration(48 * 60 * min)).toBe('2 d');
    expect(formatDuration(59_999)).toBe('less than a minute');
  });
});

describe('validityLine', () => {
  const start = '2026-12-01T08:00:00Z';
  const end = '2026-12-01T12:00:00Z';
  it('counts down to the start, then to the end, then says how long ago it ended', () => {
    expect(validityLine(start, end, at('2026-12-01T07:30:00Z'))).toEqual({
      text: 'Starts in 30 min',
      tone: 'upcoming',
    });
    expect(validityLine(start, end, at('2026-12-01T08:40:00Z'))).toEqual({
      text: 'Expires in 3 h 20 min',
      tone: 'running',
    });
    expect(validityLine(start, end, at('2026-12-01T11:15:00Z')).tone).toBe('ending');
    expect(validityLine(start, end, at('2026-12-01T12:00:00Z'))).toEqual({
      text: 'Validity ended less than a minute ago',
      tone: 'ended',
    });
  });
  it('an issued permit before its start is awaiting it: the line says when it can be accepted', () => {
    expect(validityLine(start, end, at('2026-12-01T06:45:00Z'), undefined, 'issued')).toEqual({
      text: 'Awaiting start: it can be accepted in 1 h 15 min',
      tone: 'upcoming',
    });
    expect(validityLine(start, end, at('2026-12-01T06:45:00Z'), undefined, 'approved').text).toBe(
      'Starts in 1 h 15 min',
    );
  });
  it('a permit whose work has begun never "starts in": it counts down to its end', () => {
    for (const status of ['active', 'work_complete', 'de_isolation'] as const)
      expect(validityLine(start, end, at('2026-12-01T06:45:00Z'), undefined, status).text).toBe(
        'Expires in 5 h 15 min',
      );
  });
  it('waits until the shown minute changes', () => {
    expect(msUntilNextChange(start, end, at('2026-12-01T08:40:00Z') + 15_000)).toBe(45_000);
    expect(msUntilNextChange(start, end, at('2026-12-01T12:00:10Z'))).toBe(50_000);
  });
});
