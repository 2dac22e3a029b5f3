import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AbandonedRemoval, AbandonedRemovalCandidate, SigningMethod } from '@hasp/contracts';
import { candidateKey } from '../model/describe';
import { RemovalWizard, type ResumedRemoval } from './RemovalWizard';

/** The (e)(3) removal is an electronic signature: the meaning shown, then the password or the identity provider. */

const ann = { ID: 21, displayName: 'Ann Smith' };
const candidate: AbandonedRemovalCandidate = {
  lockApplicationId: 5,
  lockSerial: 'PL-0001',
  tagId: null,
  tagNumber: null,
  point: { code: 'E-101', location: 'MCC room' },
  onLockbox: false,
  applier: ann,
  appliedAt: '2026-11-24T06:15:00.000Z',
};
const removal: AbandonedRemoval = {
  ID: 3,
  permit: { ID: 42, number: 'LOTO-0042', title: 'Pump seal change' },
  lockSerial: 'PL-0001',
  tagNumber: null,
  point: { code: 'E-101', location: 'MCC room' },
  onLockbox: false,
  applier: ann,
  supervisor: { ID: 22, displayName: 'Sam Super' },
  removedAt: '2026-11-24T08:00:00.000Z',
  reason: 'Shift ended',
  attempts: [{ at: '2026-11-24T07:30:00.000Z', method: 'phone', outcome: 'Voicemail' }],
  acknowledgedAt: null,
};

let method: SigningMethod;
const posted: { url: string; body: Record<string, unknown> }[] = [];
const assign = vi.fn();

beforeEach(() => {
  // happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  method = { method: 'password', identityProvider: null };
  posted.length = 0;
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost').pathname;
      if (init?.method === 'POST')
        posted.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> });
      const answer = url.endsWith('/signatures/method')
        ? method
        : url.endsWith('/signatures/sso')
          ? { redirectUrl: 'https://idp.example/sso' }
          : removal;
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderWizard(resumed?: ResumedRemoval) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RemovalWizard permitId={42} candidates={[candidate]} onClose={() => undefined} resumed={resumed} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

/** Through the first four steps to the confirmation, where the removal is signed. */
function answerSteps() {
  next();
  fireEvent.click(screen.getByRole('checkbox'));
  next();
  fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'Voicemail' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add this attempt' }));
  next();
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Shift ended' } });
  next();
}

const meaning = 'By signing you confirm: Removed the lock of an absent worker under 1910.147(e)(3)';

describe('the (e)(3) removal is signed', () => {
  it('shows the meaning above the password, refuses without one, and sends the password with the removal', async () => {
    renderWizard();
    answerSteps();
    const shown = screen.getByText(meaning);
    // The field, not the loader (named alike) shown while the signing method is read.
    const field = await screen.findByLabelText(/Your password/, { selector: 'input' });
    // The meaning comes before the field it is signed with.
    expect(shown.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove lock' }));
    expect(await screen.findByText('Enter your password to sign')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(field, { target: { value: 'hasp-demo-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove lock' }));
    await screen.findByRole('button', { name: 'Done' });
    expect(posted).toEqual([
      {
        url: '/api/permits/42/abandoned-removals',
        body: expect.objectContaining({ lockApplicationId: 5, reason: 'Shift ended', password: 'hasp-demo-2026' }),
      },
    ]);
  });

  it('a single sign-on user signs at the identity provider, the answers kept for the way back', async () => {
    method = { method: 'sso', identityProvider: 'Plant IdP' };
    renderWizard();
    answerSteps();
    expect(screen.getByText(meaning)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in again at Plant IdP to sign' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/sso'));
    expect(screen.queryByLabelText(/Your password/)).toBeNull();
    expect(posted).toEqual([{ url: '/api/permits/42/signatures/sso', body: { verb: 'abandoned-removal' } }]);
    const kept = JSON.parse(sessionStorage.getItem('hasp.signing.42')!) as Record<string, unknown>;
    expect(kept).toMatchObject({ chosenKey: expect.any(String), reason: 'Shift ended', attempts: [expect.anything()] });
  });

  it('back from the identity provider, the removal is sent once, signed with its token', async () => {
    method = { method: 'sso', identityProvider: 'Plant IdP' };
    renderWizard({
      chosenKey: candidateKey(candidate),
      attempts: removal.attempts,
      reason: 'Shift ended',
      idempotencyKey: 'k-1',
      signingIntent: 'token-from-the-idp-0001',
    });
    await screen.findByRole('button', { name: 'Done' });
    expect(posted).toEqual([
      {
        url: '/api/permits/42/abandoned-removals',
        body: expect.objectContaining({ lockApplicationId: 5, signingIntent: 'token-from-the-idp-0001' }),
      },
    ]);
    expect(posted[0]!.body.password).toBeUndefined();
  });
});

describe('contact attempts', () => {
  it('an attempt typed in full counts on Next without "Add this attempt"', async () => {
    renderWizard();
    next();
    fireEvent.click(screen.getByRole('checkbox'));
    next();
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'No answer on the radio' } });
    next();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Shift ended' } });
    next();
    expect(screen.getByText(/No answer on the radio/)).toBeTruthy();
  });
});
