import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockLabelText, type IsolationPlan, type Lock, type PlanPoint } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { PointLocks } from './PointLocks';

/**
 * The point's lock picker: a scanned label picks one of the user's locks (or says why not), and a
 * second lock of theirs on the point is asked for before it is sent with `secondLock`.
 */

// The camera is Chromium's (the lock-scan e2e); here the modal "reads" the label it is given.
let label = '';
vi.mock('./ScanLockModal', () => ({
  ScanLockModal: ({ onText }: { onText: (text: string) => void }) => (
    <button type="button" onClick={() => onText(label)}>
      camera
    </button>
  ),
}));

const ann = { ID: 21, displayName: 'Ann Smith' };
const at = '2026-11-30T08:00:00.000Z';
const point = {
  ID: 1,
  code: 'E-101',
  state: 'isolated',
  lockable: true,
  locks: [{ applicationId: 31, lockId: 41, serial: 'P-017', appliedBy: ann, appliedAt: at }],
} as PlanPoint;
const plan = { permitId: 7, permitStatus: 'approved', points: [point] } as unknown as IsolationPlan;
const lock = (ID: number, serial: string): Lock => ({
  ID,
  serial,
  kind: 'padlock',
  colour: null,
  owner: ann,
  status: 'issued',
  note: '',
  version: 1,
  updatedAt: at,
  where: null,
  assignedPermit: null,
});
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  authSession.start({
    token: 'token',
    user: ann,
    facility: { ID: 1, name: 'North Plant' },
    connectionStringName: 'Demo',
  } as unknown as Parameters<typeof authSession.start>[0]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname.endsWith('/locks/applicable')) return Response.json([lock(42, 'P-018'), lock(43, 'P-019')]);
      const body = input instanceof Request ? await input.text() : (init?.body as string);
      sent.push(JSON.parse(body));
      return Response.json({
        ID: 99,
        permitId: 7,
        planPointId: 1,
        lockboxId: null,
        lock: { ID: 42, serial: 'P-018', kind: 'padlock', status: 'in_use' },
        appliedBy: ann,
        appliedAt: at,
        removedAt: null,
        removal: null,
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authSession.reset();
});

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <PointLocks plan={plan} point={point} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the point lock picker', () => {
  it('a scanned label picks that lock of the user’s', async () => {
    renderPicker();
    label = lockLabelText(1, 'p-019');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan lock' }));
    fireEvent.click(screen.getByRole('button', { name: 'camera' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Lock P-019 picked: apply it.');
    expect(screen.getByLabelText<HTMLSelectElement>('Lock for E-101').value).toBe('43');
  });

  it('a label of a lock that is not the user’s here, or of another facility, is refused with the reason', async () => {
    renderPicker();
    label = lockLabelText(1, 'L-0042');
    fireEvent.click(await screen.findByRole('button', { name: 'Scan lock' }));
    fireEvent.click(screen.getByRole('button', { name: 'camera' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Lock L-0042 is not yours or assigned to this permit.');
    label = lockLabelText(2, 'P-018');
    fireEvent.click(screen.getByRole('button', { name: 'Scan lock' }));
    fireEvent.click(screen.getByRole('button', { name: 'camera' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Lock P-018 belongs to another facility.');
    expect(screen.getByLabelText<HTMLSelectElement>('Lock for E-101').value).toBe('');
  });

  it('asks before a second lock of the user’s on the point, and sends it confirmed', async () => {
    renderPicker();
    const select = await screen.findByLabelText('Lock for E-101');
    await screen.findByRole('option', { name: 'P-018 (yours)' });
    fireEvent.change(select, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply lock on E-101' }));
    expect(await screen.findByText('You already have lock P-017 on this point. Apply a second lock?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply a second lock' }));
    await waitFor(() => expect(sent).toEqual([{ lockId: 42, planPointId: 1, secondLock: true }]));
  });
});
