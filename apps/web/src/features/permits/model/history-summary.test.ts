import { describe, expect, it } from 'vitest';
import { historySummary } from './history-summary';

describe('history summary', () => {
  it("says an extension's planned end as a date and time in the reader's words, not ISO", () => {
    const entry = { summary: 'Planned end: 2026-12-01T14:00:00.000Z', plannedEnd: '2026-12-01T14:00:00.000Z' };
    expect(historySummary(entry)).toMatch(/^Planned end: Dec 1, 2026, \d{1,2}:00/);
    expect(historySummary(entry, 'Fin previsto')).toMatch(/^Fin previsto: /);
    expect(historySummary(entry)).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('keeps every other summary as the server wrote it', () => {
    expect(historySummary({ summary: 'Title, Planned end', plannedEnd: null })).toBe('Title, Planned end');
  });
});
