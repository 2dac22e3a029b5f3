import { describe, expect, it } from 'vitest';
import type { Caption } from '@hasp/contracts';
import { formatBytes, formatUptime } from './format';

// The captions' default English with their placeholders filled, as lib/i18n.ts does.
const t = (caption: Caption, values: Record<string, unknown> = {}) =>
  caption.defaultCaption.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key]));

describe('formatBytes', () => {
  it('uses the largest unit that keeps the number at 1 or more', () => {
    expect(formatBytes(t, 512, 'en')).toBe('512 B');
    expect(formatBytes(t, 1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(t, 12.25 * 1024 ** 2, 'en')).toBe('12.3 MB');
    expect(formatBytes(t, 3 * 1024 ** 3, 'en')).toBe('3 GB');
  });
});

describe('formatUptime', () => {
  it('shows days, hours and minutes, or minutes and seconds when short', () => {
    expect(formatUptime(t, 59)).toBe('0 min 59 s');
    expect(formatUptime(t, 3_725)).toBe('1 h 2 min');
    expect(formatUptime(t, 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toBe('2 d 3 h 4 min');
  });
});
