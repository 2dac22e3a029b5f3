import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permit } from '@hasp/contracts';
import { CommandDialog } from './CommandDialog';

/** A signed verb's dialog asks for the password; offline it cannot ask how the user signs, and asks for it at once. */

const permit = {
  ID: 7,
  number: 'LOTO-0007',
  version: 3,
  status: 'active',
  permitType: { code: 'LOTO' },
  plannedStart: '2026-11-24T06:00:00.000Z',
  plannedEnd: '2026-11-24T14:00:00.000Z',
  holder: { ID: 21, displayName: 'Ann Smith' },
} as unknown as Permit;

const answer = vi.fn(
  async () =>
    new Response(JSON.stringify({ method: 'password', identityProvider: null }), {
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => {
  answer.mockClear();
  vi.stubGlobal('fetch', answer);
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CommandDialog permit={permit} verb="complete-work" onClose={() => undefined} onStale={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const passwordField = () => screen.queryByLabelText(/Your password/, { selector: 'input' });

describe('a signed verb’s dialog', () => {
  it('online: the meaning, then the password once the signing method is known', async () => {
    renderDialog();
    expect(await screen.findByLabelText(/Your password/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByTestId('signature-meaning').textContent).toBe(
      'By signing you confirm: Work complete: handed back',
    );
    expect(screen.getByRole('button', { name: 'Complete work' }).hasAttribute('disabled')).toBe(false);
    // The show-password button speaks the app's words, not Mantine's English default.
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });

  it('offline: asks for the password at once and may be confirmed (the method query waits for the network)', () => {
    onlineManager.setOnline(false);
    renderDialog();
    expect(passwordField()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete work' }).hasAttribute('disabled')).toBe(false);
    expect(answer).not.toHaveBeenCalled();
  });
});
