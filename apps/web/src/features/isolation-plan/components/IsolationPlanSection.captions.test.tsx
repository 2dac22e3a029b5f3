import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IsolationPlan, Lock, Permit, PlanPoint } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { setLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/date-time';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { IsolationPlanSection } from './IsolationPlanSection';
import { MemoryRouter } from 'react-router';
import { sentence } from '../../../test/sentence';

/**
 * The Isolation section (the floor screen) speaks only in captions: drawn in the marker language,
 * nothing but the plan's own data (codes, places, names, numbers, times) may be left outside them.
 */

const at = '2026-11-24T14:02:00.000Z';
/** As the section says a time: the app's one formatter, in the language shown when it is called. */
const when = (iso: string) => formatDateTime(iso);
const ann = { ID: 21, displayName: 'Ann Smith' };
const by = { by: ann, at };

const point = (over: Partial<PlanPoint>): PlanPoint => ({
  ID: 1,
  isolationPointId: 101,
  position: 1,
  state: 'pending',
  code: 'E-101',
  location: 'MCC room, bucket 4',
  deviceType: 'Breaker',
  normalPosition: 'On',
  isolatedPosition: '',
  lockable: true,
  tagOnlyMeasure: '',
  verificationMethod: 'Press start',
  asset: { ID: 5, number: 'P-101' },
  component: { ID: 6, number: 'M-1', name: 'Motor' },
  isolated: null,
  verified: null,
  verifyMethod: null,
  verifyResult: null,
  testReleased: null,
  released: null,
  restored: null,
  heldBy: [],
  locks: [],
  tags: [],
  ...over,
});

const deIsolation: IsolationPlan = {
  permitId: 7,
  permitNumber: 'LOTO-000777',
  permitStatus: 'de_isolation',
  version: 4,
  notified: by,
  shutDown: by,
  storedEnergyReleased: by,
  areaInspected: null,
  peopleClear: null,
  releaseNotified: null,
  points: [
    point({
      state: 'verified',
      isolatedPosition: 'Off',
      isolated: by,
      verified: by,
      verifyMethod: 'Pressed start',
      verifyResult: 'Did not start',
      heldBy: [{ ID: 9, number: 'LOTO-000999' }],
      locks: [{ applicationId: 31, lockId: 41, serial: 'P-017', appliedBy: ann, appliedAt: at }],
      tags: [{ ID: 51, number: 'TAG-0051', state: 'applied', appliedBy: ann }],
    }),
    point({
      ID: 2,
      isolationPointId: 102,
      position: 2,
      code: 'V-7',
      location: 'Steam header',
      deviceType: 'Valve',
      lockable: false,
      tags: [{ ID: 52, number: 'TAG-0052', state: 'planned', appliedBy: null }],
    }),
  ],
  nextStep: 'Inspect the work area',
  allowedVerbs: ['inspect-area', 'clear-people', 'restore-point', 'release-point', 'reorder', 'add-point'],
};
/** Before isolation: the first point isolated and waiting for its try-out. */
const approved: IsolationPlan = {
  ...deIsolation,
  permitStatus: 'approved',
  points: [
    {
      ...deIsolation.points[0]!,
      state: 'isolated',
      verified: null,
      verifyMethod: null,
      verifyResult: null,
      energy: [{ type: { ID: 3, caption: 'Electrical' }, magnitude: 480, unit: 'V', storedEnergy: false }],
    },
  ],
  allowedVerbs: ['verify-point', 'isolate-point', 'release-stored-energy'],
};
let plan = deIsolation;

const lock: Lock = {
  ID: 42,
  serial: 'P-018',
  kind: 'padlock',
  colour: null,
  owner: ann,
  status: 'issued',
  note: '',
  version: 1,
  updatedAt: at,
  where: null,
  assignedPermit: null,
};
const choice = { ID: 103, code: 'H-3', location: 'Hydraulic unit', assetNumber: 'P-101', componentNumber: 'M-1' };

const data = [
  'LOTO-000999',
  ...plan.points.flatMap((p) => [
    p.code,
    p.location,
    p.asset.number,
    p.component.number,
    p.component.name,
    p.deviceType,
  ]),
  'Off',
  'Pressed start',
  'Did not start',
  'Ann Smith',
  'P-017',
  'P-018',
  'TAG-0051',
  'TAG-0052',
  plan.nextStep!,
  when(at),
  `${choice.code} — ${choice.location} (${choice.assetNumber})`,
];

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const permit = { ID: 7, status: 'de_isolation' } as Permit;
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/Permit/Edit/7?tab=isolation-plan']}>
          <IsolationPlanSection permit={permit} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Isolation section speaks only in captions', () => {
  beforeEach(() => {
    plan = deIsolation;
    // Signed in as Ann, who applied P-017: her lock is hers to remove.
    authSession.start({
      token: 'token',
      user: ann,
      facility: { ID: 1, name: 'North Plant' },
      connectionStringName: 'Demo',
    } as unknown as Parameters<typeof authSession.start>[0]);
    return speakMarkerLanguage((url) =>
      url.pathname.endsWith('/asset-points')
        ? [choice]
        : url.pathname.endsWith('/locks/applicable')
          ? [lock]
          : url.pathname.endsWith('/isolation-plan')
            ? plan
            : [],
    );
  });
  afterEach(async () => {
    cleanup();
    authSession.reset();
    await setLanguage('en');
  });

  it('the card, steps, the point list, locks and tags, held by, the add and lock pickers', async () => {
    renderSection();
    await screen.findByRole('list', { name: '⟦Isolation steps⟧' });
    await screen.findByRole('button', { name: '⟦Apply lock on {{code}}⟧'.replace('{{code}}', 'E-101') });
    await screen.findByRole('option', { name: data.at(-1) });
    expect(screen.getByText(sentence('⟦Held by permits LOTO-000999⟧'))).toBeTruthy();
    expect(strays(data)).toEqual([]);
  });

  it('the try-out: Pass and Fail, the method from the plan', async () => {
    plan = approved;
    renderSection();
    await screen.findByRole('button', { name: '⟦Pass: zero energy⟧' });
    expect(screen.getByRole('button', { name: '⟦Fail: energy present⟧' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(strays([...data, 'Press start'])).toEqual([]);
  });

  it('keeps the English the floor specs find buttons by', async () => {
    await setLanguage('en');
    renderSection();
    expect(await screen.findByRole('button', { name: 'Work area inspected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove lock P-017' })).toBeTruthy();
    expect(screen.getByText(sentence('Held by permits LOTO-000999'))).toBeTruthy();
    expect(screen.getByText(/^✓ Notify affected employees$/)).toBeTruthy();
  });

  it("offers Remove only on the user's own locks (the locks module refuses anyone else)", async () => {
    await setLanguage('en');
    authSession.start({
      token: 'token',
      user: { ID: 99, displayName: 'Bo Other' },
      facility: { ID: 1, name: 'North Plant' },
      connectionStringName: 'Demo',
    } as unknown as Parameters<typeof authSession.start>[0]);
    renderSection();
    expect(await screen.findByText(/Lock P-017 \(applied by Ann Smith\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove lock P-017' })).toBeNull();
  });

  it('says when each point was verified and each lock applied, not only by whom', async () => {
    await setLanguage('en');
    renderSection();
    expect(await screen.findByText(`Verified by Ann Smith at ${when(at)}: Pressed start — Did not start`)).toBeTruthy();
    expect(screen.getByText(`Lock P-017 (applied by Ann Smith) at ${when(at)}`)).toBeTruthy();
  });
});
