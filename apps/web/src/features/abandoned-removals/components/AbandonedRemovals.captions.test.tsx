import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbandonedRemoval, AbandonedRemovalCandidate } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { formatWhen } from '../model/describe';
import { AcknowledgeRemovals } from './AcknowledgeRemovals';
import { RemovalWizard } from './RemovalWizard';

/** The (e)(3) wizard and the acknowledgement speak only in captions, apart from the removal's own data. */

const ann = { ID: 21, displayName: 'Ann Smith' };
const sam = { ID: 22, displayName: 'Sam Super' };
const appliedAt = '2026-11-24T06:15:00.000Z';
const attemptAt = new Date('2026-11-24T07:30').toISOString();
const candidates: AbandonedRemovalCandidate[] = [
  {
    lockApplicationId: 5,
    lockSerial: 'PL-0001',
    tagId: 9,
    tagNumber: 'T-0009',
    point: { code: 'E-101', location: 'MCC room' },
    onLockbox: false,
    applier: ann,
    appliedAt,
  },
  {
    lockApplicationId: 6,
    lockSerial: 'PL-0002',
    tagId: null,
    tagNumber: null,
    point: null,
    onLockbox: true,
    applier: ann,
    appliedAt,
  },
];
const removal: AbandonedRemoval = {
  ID: 3,
  permit: { ID: 42, number: 'LOTO-0042', title: 'Pump seal change' },
  lockSerial: 'PL-0001',
  tagNumber: 'T-0009',
  point: { code: 'E-101', location: 'MCC room' },
  onLockbox: false,
  applier: ann,
  supervisor: sam,
  removedAt: appliedAt,
  reason: 'Shift ended',
  attempts: [{ at: attemptAt, method: 'phone', outcome: 'Voicemail' }],
  acknowledgedAt: null,
};
const data = [
  'PL-0001',
  'PL-0002',
  'T-0009',
  'E-101',
  'MCC room',
  'Ann Smith',
  'Sam Super',
  'LOTO-0042',
  'Pump seal change',
  'Shift ended',
  'Voicemail',
  formatWhen(appliedAt),
  formatWhen(attemptAt),
];

async function renderWith(ui: React.ReactNode) {
  await speakMarkerLanguage((url) =>
    url.pathname.endsWith('/abandoned-removals')
      ? removal
      : url.pathname.endsWith('/signatures/method')
        ? { method: 'password', identityProvider: null }
        : [],
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

const noop = () => undefined;
const next = () => fireEvent.click(screen.getByRole('button', { name: '⟦Next⟧' }));

describe('the (e)(3) removal speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('every step of the wizard, its refusals and its answer', { timeout: 30_000 }, async () => {
    await renderWith(<RemovalWizard permitId={42} candidates={candidates} onClose={noop} />);
    expect(screen.getByText('⟦Group lockbox⟧')).toBeTruthy();
    next();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(strays(data)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /PL-0001/ }));
    next();
    next();
    expect(strays(data)).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox'));
    next();
    next();
    expect(strays(data)).toEqual([]);
    fireEvent.change(screen.getByLabelText('⟦When⟧'), { target: { value: '2026-11-24T07:30' } });
    fireEvent.change(screen.getByLabelText('⟦Outcome⟧'), { target: { value: 'Voicemail' } });
    fireEvent.click(screen.getByRole('button', { name: '⟦Add this attempt⟧' }));
    expect(strays(data)).toEqual([]);
    next();
    next();
    expect(strays(data)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Shift ended' } });
    next();
    expect(strays(data)).toEqual([]);
    // Signed: the meaning and the password field speak in captions too, the refusal without one as well.
    const password = await screen.findByLabelText(/⟦Your password⟧/, { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: '⟦Remove lock and tag⟧' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(strays(data)).toEqual([]);
    fireEvent.change(password, { target: { value: 'hasp-demo-2026' } });
    fireEvent.click(screen.getByRole('button', { name: '⟦Remove lock and tag⟧' }));
    await screen.findByRole('button', { name: '⟦Done⟧' });
    expect(strays(data)).toEqual([]);
  });

  it('the acknowledgement at sign-in', async () => {
    await renderWith(<AcknowledgeRemovals removals={[removal, { ...removal, ID: 4 }]} onSignOut={noop} />);
    expect(screen.getByRole('button', { name: '⟦I acknowledge⟧' })).toBeTruthy();
    // Moments as the language on screen writes them (English's "Nov 24" is another language's "24/11").
    expect(strays([...data, formatWhen(appliedAt), formatWhen(attemptAt)])).toEqual([]);
  });

  it('keeps the English', async () => {
    await renderWith(<AcknowledgeRemovals removals={[removal]} onSignOut={noop} />);
    await setLanguage('en');
    expect(
      await screen.findByRole('heading', { name: 'Your lock or tag was removed while you were away' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lock PL-0001 and tag T-0009' })).toBeTruthy();
    expect(screen.getByText(`${formatWhen(attemptAt)} · Phone · Voicemail`)).toBeTruthy();
  });
});
