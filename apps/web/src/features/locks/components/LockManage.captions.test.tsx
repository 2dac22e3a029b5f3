import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lock } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { LockCommandModal } from './LockCommandModal';
import { LockFormModal } from './LockFormModal';
import { LockList } from './LockList';

/** Lock Manage speaks only in captions: nothing but the locks' own data may be left outside them. */

const ann = { ID: 21, displayName: 'Ann Smith' };
const lock = (over: Partial<Lock>): Lock => ({
  ID: 1,
  serial: 'PL-0001',
  kind: 'padlock',
  colour: { ID: 3, caption: 'Red' },
  owner: ann,
  status: 'in_use',
  note: '',
  version: 2,
  updatedAt: '2026-11-24T09:15:00.000Z',
  where: {
    applicationId: 5,
    permitId: 42,
    permitNumber: 'LOTO-0042',
    pointCode: 'E-101',
    pointLocation: 'MCC room',
    lockboxNumber: null,
    appliedBy: ann,
    appliedAt: '2026-11-24T09:15:00.000Z',
  },
  assignedPermit: null,
  ...over,
});
const locks = [
  lock({}),
  lock({ ID: 2, serial: 'PL-0002', colour: null, owner: null, status: 'available', where: null }),
  lock({ ID: 3, serial: 'PL-0003', status: 'issued', where: null }),
];
const data = ['PL-0001', 'PL-0002', 'PL-0003', 'Red', 'Ann Smith', 'LOTO-0042', 'E-101', 'MCC room'];

async function renderScreen(ui: React.ReactNode) {
  await speakMarkerLanguage();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const noop = () => undefined;

describe('Lock Manage speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('the list (kinds, statuses, where a lock is, its actions)', async () => {
    await renderScreen(<LockList locks={locks} onEdit={noop} onCommand={noop} onPrintLabel={noop} onRelease={noop} />);
    expect(screen.getAllByText('⟦In use⟧').length).toBeGreaterThan(0);
    expect(screen.getByText('⟦LOTO-0042 · point E-101 (MCC room)⟧')).toBeTruthy();
    expect(strays(data)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '⟦Actions for lock PL-0003⟧' }));
    await screen.findByRole('menuitem', { name: '⟦Issue to someone else⟧' });
    expect(strays(data)).toEqual([]);
  });

  it('the form and each command confirmation', async () => {
    await renderScreen(<LockFormModal lock={locks[0]!} colours={[{ ID: 3, caption: 'Red' }]} onClose={noop} />);
    await screen.findByRole('dialog');
    expect(strays(data)).toEqual([]);
    cleanup();
    for (const [target, verb] of [
      [locks[2]!, 'issue'],
      [locks[2]!, 'return'],
      [locks[1]!, 'report-lost'],
      [lock({ status: 'lost', where: null }), 'found'],
      [locks[1]!, 'retire'],
    ] as const) {
      await renderScreen(<LockCommandModal lock={target} verb={verb} people={[ann]} onClose={noop} />);
      await screen.findByRole('dialog');
      expect(strays(data)).toEqual([]);
      cleanup();
    }
  });

  it('keeps the English', async () => {
    await renderScreen(<LockCommandModal lock={locks[2]!} verb="issue" people={[ann]} onClose={noop} />);
    await setLanguage('en');
    expect(
      await screen.findByText('Lock PL-0003 goes from Ann Smith to the person you choose: only they apply it.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Issue: lock PL-0003' })).toBeTruthy();
  });
});
