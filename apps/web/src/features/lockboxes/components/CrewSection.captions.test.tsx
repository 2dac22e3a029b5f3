import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lockbox, LockboxMember, LockboxView, Permit } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { CrewSection } from './CrewSection';
import { when } from './when';

/**
 * The Crew section (a floor screen) speaks only in captions: drawn in the marker language, nothing
 * but the crew's own data (names, serials, numbers, times) may be left outside them.
 */

const at = '2026-11-24T08:00:00.000Z';
const later = '2026-11-24T12:30:00.000Z';
const wren = { ID: 31, displayName: 'Wren Worker' };
const sam = { ID: 32, displayName: 'Sam Supervisor' };

const member = (over: Partial<LockboxMember>): LockboxMember => ({
  applicationId: 1,
  user: wren,
  lock: { ID: 11, serial: 'P-017' },
  signedOnAt: at,
  signedOffAt: null,
  removal: null,
  tag: { ID: 21, number: 'TAG-0021', state: 'applied' },
  ...over,
});
const lockbox: Lockbox = {
  ID: 5,
  number: 'LB-NP-0005',
  device: null,
  primary: sam,
  keysDepositedAt: at,
  keysDepositedBy: sam,
  openedAt: at,
  releasedAt: null,
  releasedBy: null,
  version: 3,
  members: [member({})],
  past: [
    member({ applicationId: 2, user: sam, lock: { ID: 12, serial: 'P-018' }, tag: null, signedOffAt: later }),
    member({ applicationId: 3, lock: { ID: 13, serial: 'P-019' }, signedOffAt: later, removal: 'abandoned' }),
  ],
};
const view = (over: Partial<LockboxView>): LockboxView => ({
  permitId: 7,
  tagPerPersonalLock: true,
  lockbox,
  mySignOn: null,
  myLocks: [],
  devices: [],
  allowed: [],
  blocked: null,
  ...over,
});

const data = [
  'Wren Worker',
  'Sam Supervisor',
  'LB-NP-0005',
  'P-017',
  'P-018',
  'P-019',
  'P-020',
  'LB-9',
  'TAG-0021',
  when(at),
  when(later),
];

async function renderSection(shown: LockboxView) {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/lockbox') ? shown : []));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CrewSection permit={{ ID: 7 } as Permit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Crew section speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('signed on with a tag, the primary’s steps, who is protected now and who was', async () => {
    await renderSection(
      view({
        mySignOn: member({}),
        allowed: ['sign-off', 'release'],
        lockbox: { ...lockbox, device: { ID: 9, serial: 'LB-9' } },
      }),
    );
    await screen.findByRole('button', { name: '⟦Sign off⟧' });
    expect(screen.getByRole('button', { name: '⟦Release lockbox LB-NP-0005⟧' })).toBeTruthy();
    expect(screen.getByRole('list', { name: '⟦Signed off⟧' })).toBeTruthy();
    expect(strays(data)).toEqual([]);
  });

  it('not signed on: choosing one of my locks; the keys step', async () => {
    await renderSection(
      view({
        lockbox: { ...lockbox, members: [], past: [], keysDepositedAt: null, keysDepositedBy: null },
        myLocks: [
          { ID: 14, serial: 'P-020' },
          { ID: 13, serial: 'P-019' },
        ],
        allowed: ['sign-on', 'deposit-keys'],
      }),
    );
    await screen.findByRole('button', { name: '⟦Sign on with my lock⟧' });
    expect(screen.getByRole('button', { name: '⟦Keys are in lockbox LB-NP-0005⟧' })).toBeTruthy();
    expect(strays(data)).toEqual([]);
  });

  it('no lockbox yet: the opening form, or the wait', async () => {
    await renderSection(view({ lockbox: null, allowed: ['open'], devices: [{ ID: 9, serial: 'LB-9' }] }));
    await screen.findByRole('button', { name: '⟦Open lockbox⟧' });
    expect(strays(data)).toEqual([]);
    cleanup();
    await renderSection(view({ lockbox: null }));
    await screen.findByText(/^⟦No lockbox is open/);
    expect(strays(data)).toEqual([]);
  });

  it('keeps the English the floor specs find buttons by', async () => {
    await renderSection(view({ mySignOn: member({}), allowed: ['sign-off'] }));
    await setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Sign off' })).toBeTruthy();
    expect(screen.getByText(/Since .* with lock P-017 and tag TAG-0021\./)).toBeTruthy();
    expect(screen.getByText('Protected now (1)')).toBeTruthy();
  });
});
