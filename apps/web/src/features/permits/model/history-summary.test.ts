import { describe, expect, it } from 'vitest';
import { formatDateTime, historySummary } from './history-summary';

describe('history summary', () => {
  it("says an extension's planned end as a date and time in the reader's language, not ISO", () => {
    const entry = { summary: 'Planned end: 2026-12-01T14:00:00.000Z', plannedEnd: '2026-12-01T14:00:00.000Z' };
    expect(historySummary(entry, 'en-GB', 'UTC')).toBe('Planned end: 1 Dec 2026, 14:00');
    expect(historySummary(entry, 'en-GB', 'America/New_York')).toBe('Planned end: 1 Dec 2026, 09:00');
    expect(historySummary(entry, 'en-GB', 'UTC')).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('keeps every other summary as the server wrote it', () => {
    expect(historySummary({ summary: 'Title, Planned end', plannedEnd: null }, 'en-GB')).toBe('Title, Planned end');
  });

  it('shows an unreadable instant as it came rather than "Invalid Date"', () => {
    expect(formatDateTime('not a date', 'en-GB')).toBe('not a date');
  });
});
