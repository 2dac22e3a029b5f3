import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadingState } from '../lib/loading-state';
import { LoadingOverlay } from './LoadingOverlay';

describe('LoadingOverlay', () => {
  afterEach(() => loadingState.set(false));

  it("shows 'Loading...' with its boxes in a live region only while the loading flag is on", () => {
    render(<LoadingOverlay />);
    const status = screen.getByTestId('loading-announcer');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status).toHaveProperty('textContent', '');
    act(() => loadingState.set(true));
    expect(status.textContent).toBe('Loading...');
    expect(screen.getByTestId('loading-overlay').querySelectorAll('[aria-hidden="true"] span')).toHaveLength(4);
    act(() => loadingState.set(false));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(status.textContent).toBe('');
  });
});
