import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { IsolationPlan, Lock, Permit, PlanPoint } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { speakMarkerLanguage } from '../../../test/caption-markers';
import { currentPoint, pointStep } from '../model/point-step';
import { IsolationPlanSection } from './IsolationPlanSection';
import { sentence } from '../../../test/sentence';

/** The guided card: the current point, its step in (d) order and one primary button for it. */

const at = '2026-11-24T14:02:00.000Z';
const ann = { ID: 21, displayName: 'Ann Smith' };
const by = { by: ann, at };
const lockOn = { applicationId: 31, lockId: 41, serial: 'P-017', appliedBy: ann, appliedAt: at };
const tag = (state: 'planned' | 'applied', ID = 51) => ({
  ID,
  number: `TAG-00${ID}`,
  state,
  appliedBy: state === 'applied' ? ann : null,
});

const point = (over: Partial<PlanPoint>): PlanPoint => ({
  ID: 1,
  isolationPointId: 101,
  position: 1,
  state: 'pending',
  code: 'E-1',
  location: 'MCC room, bucket 4',
  deviceType: 'Breaker',
  normalPosition: 'On',
  isolatedPosition: 'Off',
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
  tags: [tag('planned')],
  energy: [{ type: { ID: 3, caption: 'Electrical' }, magnitude: 480, unit: 'V', storedEnergy: false }],
  ...over,
});

const base: IsolationPlan = {
  permitId: 7,
  permitNumber: 'LOTO-000777',
  permitStatus: 'approved',
  version: 4,
  notified: by,
  shutDown: by,
  storedEnergyReleased: null,
  areaInspected: null,
  peopleClear: null,
  releaseNotified: null,
  points: [point({}), point({ ID: 2, code: 'E-2', tags: [tag('planned', 52)] })],
  nextStep: 'Isolate E-1',
  allowedVerbs: ['isolate-point', 'verify-point', 'release-stored-energy'],
};
const isolated = { state: 'isolated' as const, isolated: by };
const protectedPoint = { ...isolated, locks: [lockOn], tags: [tag('applied')] };
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
let plan = base;

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/Permit/Edit/7?tab=isolation-plan']}>
          <IsolationPlanSection permit={{ ID: 7, status: 'approved' } as Permit} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The body of the last POST the section sent, with its path. */
const lastPost = () => {
  // The stubbed fetch speakMarkerLanguage installed: what the section sent.
  const calls = vi.mocked(globalThis.fetch).mock.calls as unknown as [string, { method?: string; body?: string }?][];
  const [url, init] = calls.filter(([, i]) => i?.method === 'POST').at(-1)!;
  return { path: new URL(url, 'http://localhost').pathname, body: JSON.parse(init!.body!) as unknown };
};

describe('the point card', () => {
  beforeEach(async () => {
    plan = base;
    await speakMarkerLanguage((url) =>
      url.pathname.endsWith('/locks/applicable') ? [lock] : url.pathname.includes('/isolation-plan') ? plan : [],
    );
    await setLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows the (d) order: isolate, lock and tag, each point before the next; then release; then the try-outs', () => {
    const steps = (p: IsolationPlan) => p.points.map((x) => pointStep(p, x));
    expect(steps(base)).toEqual(['isolate', 'isolate']);
    const one = { ...base, points: [point(isolated), base.points[1]!] };
    expect(steps(one)).toEqual(['lock-tag', 'isolate']);
    expect(currentPoint(one)?.code).toBe('E-1');
    const two = { ...base, points: [point(protectedPoint), base.points[1]!] };
    expect(currentPoint(two)?.code).toBe('E-2');
    const locked = { ...base, points: [point(protectedPoint), point({ ...protectedPoint, ID: 2, code: 'E-2' })] };
    expect(steps(locked)).toEqual(['release', 'release']);
    const released = { ...locked, storedEnergyReleased: by };
    expect(steps(released)).toEqual(['try-out', 'try-out']);
    const oneDone = {
      ...released,
      points: [point({ ...protectedPoint, state: 'verified', verified: by }), released.points[1]!],
    };
    expect(currentPoint(oneDone)?.code).toBe('E-2');
    expect(pointStep({ ...released, permitStatus: 'de_isolation' }, released.points[0]!)).toBe('other');
  });

  it('shows the energy by its caption, the place, and one primary button: Isolate E-1', async () => {
    renderSection();
    expect(await screen.findByRole('button', { name: 'Isolate E-1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Isolate E-2' })).toBeNull();
    expect(screen.getByText('Electrical 480 V')).toBeTruthy();
    expect(screen.queryByText(/electrical/)).toBeNull();
    expect(screen.getByText('Put the Breaker to Off, then confirm.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Isolate E-1' }));
    await waitFor(() => expect(lastPost().path).toBe('/api/permits/7/isolation-plan/commands/isolate-point'));
    expect(lastPost().body).toEqual({ planPointId: 1 });
  });

  it('the lock and tag step offers the lock picker and says the tag goes on with the lock', async () => {
    plan = { ...base, points: [point(isolated), base.points[1]!] };
    renderSection();
    expect(await screen.findByText(sentence('Put your lock on E-1: tag TAG-0051 goes on with it.'))).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Apply lock on E-1' })).toBeTruthy();
  });

  it('the try-out: Pass and Fail send the plan method and the outcome, nothing typed', async () => {
    plan = {
      ...base,
      storedEnergyReleased: by,
      points: [point(protectedPoint), point({ ...protectedPoint, ID: 2, code: 'E-2' })],
    };
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Pass: zero energy' }));
    await waitFor(() => expect(lastPost().path).toBe('/api/permits/7/isolation-plan/commands/verify-point'));
    expect(lastPost().body).toEqual({ planPointId: 1, method: 'Press start', outcome: 'pass' });
    fireEvent.click(screen.getByRole('button', { name: 'Fail: energy present' }));
    await waitFor(() => expect(lastPost().body).toMatchObject({ outcome: 'fail' }));
  });

  it('after a failed try-out the card says what to do, and the point stays to try again', async () => {
    plan = {
      ...base,
      storedEnergyReleased: by,
      points: [point({ ...protectedPoint, tryOutFailed: by }), point({ ...protectedPoint, ID: 2, code: 'E-2' })],
    };
    renderSection();
    expect(
      await screen.findByText('Try-out failed: the energy is not isolated. Check the isolation and try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pass: zero energy' })).toBeTruthy();
  });

  it('the list opens another point', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'E-2: Pending' }));
    expect(await screen.findByRole('button', { name: 'Isolate E-2' })).toBeTruthy();
  });
});
