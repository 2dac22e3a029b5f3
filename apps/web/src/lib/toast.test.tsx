import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastStore } from './toast';
import ToastHost from './toast-host';

describe('showToast', () => {
  afterEach(() => {
    cleanup();
    act(() => toastStore.clear());
    vi.useRealTimers();
  });

  it('keeps a toast for 6000 ms by default and does not stack identical ones', () => {
    showToast({ title: 'Error code: 503', message: 'Down', tone: 'error' });
    showToast({ title: 'Error code: 503', message: 'Down', tone: 'error' });
    showToast({ title: 'Signed out', message: 'You have been logged out due to inactivity', autoClose: false });
    expect(toastStore.get()).toEqual([
      { id: 'Error code: 503\nDown', title: 'Error code: 503', message: 'Down', tone: 'error', autoClose: 6000 },
      expect.objectContaining({ title: 'Signed out', tone: 'info', autoClose: false }),
    ]);
  });

  it('shows title and message with a close button, and closes itself after 6000 ms', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showToast({ title: 'Error code: 500', message: 'Something went wrong on our side', tone: 'error' }));
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Error code: 500');
    expect(toast.textContent).toContain('Something went wrong on our side');
    act(() => {
      vi.advanceTimersByTime(5_999);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with its close button, waits while hovered, and keeps a persistent one', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => showToast({ title: 'Error code: 409', message: 'Conflict', tone: 'error' }));
    fireEvent.pointerEnter(screen.getByRole('alert'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() =>
      showToast({ title: 'Logged out', message: 'You have been logged out due to inactivity', autoClose: false }),
    );
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('status').textContent).toContain('logged out due to inactivity');
  });
});
