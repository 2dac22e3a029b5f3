import { describe, expect, it } from 'vitest';
import { formatBytes, uploadsReducer, type PendingUpload } from './uploads';

const file = new File(['x'], 'pump.jpg', { type: 'image/jpeg' });

describe('uploadsReducer', () => {
  it('keeps a failed upload listed with its error until retried or dismissed', () => {
    let state: PendingUpload[] = uploadsReducer([], { type: 'picked', key: 'k1', file });
    state = uploadsReducer(state, { type: 'progress', key: 'k1', progress: 0.5 });
    state = uploadsReducer(state, { type: 'failed', key: 'k1', error: 'Too large' });
    expect(state).toEqual([{ key: 'k1', file, progress: 0.5, error: 'Too large' }]);
    state = uploadsReducer(state, { type: 'retry', key: 'k1' });
    expect(state[0]).toMatchObject({ key: 'k1', error: null, progress: 0 });
    expect(uploadsReducer(state, { type: 'done', key: 'k1' })).toEqual([]);
    expect(uploadsReducer(state, { type: 'dismiss', key: 'k1' })).toEqual([]);
  });
});

describe('formatBytes', () => {
  it('reads as people read sizes', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});
