import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permitSectionCaptions, type Permit, type PermitHistoryEntry } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { permitKeys } from '../api/keys';
import type { MasterListItem } from '@hasp/contracts';
import type { PermitSectionEntry } from '../model/permit-sections';
import { PermitEdit } from './PermitEdit';

/**
 * Every word the permit page shows is a caption: drawn in the marker language (test/caption-markers.ts),
 * nothing but the permit's own data may be left outside the markers.
 */

const when = (iso: string) => formatDateTime(iso);
const hour = 3_600_000;
const start = new Date(Date.now() - hour).toISOString();
const end = new Date(Date.now() + 3 * hour).toISOString();
const approvedAt = new Date(Date.now() - 2 * hour).toISOString();

const permit = (over: Partial<Permit>): Permit => ({
  ID: 7,
  number: 'LOTO-000777',
  permitType: { ID: 1, code: 'LOTO', name: 'Lockout Tagout', icon: 'lock', color: '#1c5fa8', sections: [] },
  status: 'draft',
  title: 'Replace pump seal',
  description: 'Seal leaking on the discharge side',
  workMethod: 'Drain the casing first',
  area: { ID: 3, number: 'A1', name: 'North bay' },
  assets: [{ ID: 5, number: 'P-101', description: 'Feed pump' }],
  plannedStart: start,
  plannedEnd: end,
  requester: { ID: 11, displayName: 'Rae Requester' },
  holder: { ID: 12, displayName: 'Hal Holder' },
  issuer: null,
  approvals: [],
  riskLevel: 'medium',
  revision: 1,
  version: 3,
  extensionCount: 0,
  statusReason: null,
  allowedCommands: ['edit', 'request', 'cancel'],
  voidedAt: null,
  voidReason: null,
  createdAt: start,
  updatedAt: start,
  ...over,
});

const history: PermitHistoryEntry[] = [
  {
    at: start,
    action: 'permit.create',
    actor: { ID: 11, displayName: 'Rae Requester' },
    fromStatus: null,
    toStatus: 'draft',
    summary: '',
    plannedEnd: null,
    step: null,
  },
  {
    at: approvedAt,
    action: 'permit.approve',
    actor: { ID: 13, displayName: 'Ada Approver' },
    fromStatus: 'requested',
    toStatus: 'approved',
    summary: '',
    plannedEnd: null,
    step: null,
  },
  {
    at: end,
    action: 'permit.expire',
    actor: null,
    fromStatus: 'active',
    toStatus: 'expired',
    summary: '',
    plannedEnd: null,
    step: null,
  },
  {
    at: end,
    action: 'permit.extend',
    actor: { ID: 13, displayName: 'Ada Approver' },
    fromStatus: 'active',
    toStatus: 'active',
    summary: `Planned end: ${end}`,
    plannedEnd: end,
    step: null,
  },
  {
    at: approvedAt,
    action: 'lock.apply',
    actor: { ID: 14, displayName: 'Iris Issuer' },
    fromStatus: null,
    toStatus: null,
    summary: 'Lock L-0042 applied on E-201',
    plannedEnd: null,
    step: { kind: 'lockApplied', values: { lock: 'L-0042', point: 'E-201' } },
  },
];

/** The permit's own data: what is left of the page once the captions are taken out. */
const data = (p: Permit) =>
  [
    p.number,
    p.title,
    p.description,
    p.workMethod,
    p.permitType.name,
    p.requester.displayName,
    p.holder?.displayName,
    p.issuer?.displayName,
    'Ada Approver',
    'Iris Issuer',
    'L-0042',
    'E-201',
    p.statusReason,
    `${p.area?.number} · ${p.area?.name}`,
    ...p.assets.map((a) => `${a.number} · ${a.description}`),
    ...[p.plannedStart, p.plannedEnd, approvedAt, end].map(when),
  ].filter((s): s is string => !!s);

const rejectionReasons: MasterListItem[] = [
  {
    ID: 41,
    listKey: 'rejection-reasons',
    value: 'Wrong permit type',
    caption: 'Wrong permit type',
    sortOrder: 10,
    isActive: true,
  },
  { ID: 42, listKey: 'rejection-reasons', value: 'Other', caption: 'Other', sortOrder: 20, isActive: true },
];

function renderPage(p: Permit, sections: PermitSectionEntry[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(permitKeys.permit(p.ID), p);
  client.setQueryData(permitKeys.history(p.ID), history);
  client.setQueryData(permitKeys.rejectionReasons(), rejectionReasons);
  client.setQueryData(permitKeys.type(p.permitType.code), {
    ID: 1,
    code: 'LOTO',
    name: 'Lockout Tagout',
    icon: 'lock',
    color: '#1c5fa8',
    maxValidityHours: 12,
    maxExtensions: 2,
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PermitEdit permitId={p.ID} sections={sections} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the permit page speaks only in captions', () => {
  // Searches (people, places) find nothing: the page's own words are what is checked.
  beforeEach(() => speakMarkerLanguage());
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('a draft being edited: header, people, form, commands, history', async () => {
    const draft = permit({});
    renderPage(draft);
    await screen.findByTestId('permit-number');
    expect(strays(data(draft))).toEqual([]);

    // Unsaved edits: the next steps wait, the form offers to discard them.
    fireEvent.change(screen.getByRole('textbox', { name: /⟦Title⟧/ }), { target: { value: 'Replace pump seal now' } });
    await screen.findByRole('button', { name: '⟦Discard my edits⟧' });
    expect(strays([...data(draft), 'Replace pump seal now'])).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: '⟦History⟧' }));
    await screen.findByRole('list', { name: '⟦Permit history⟧' });
    expect(strays(data(draft))).toEqual([]);
  });

  it('an active permit read only, and each command’s confirmation', async () => {
    const active = permit({
      status: 'active',
      issuer: { ID: 14, displayName: 'Iris Issuer' },
      approvals: [{ user: { ID: 13, displayName: 'Ada Approver' }, approvedAt }],
      riskLevel: null,
      extensionCount: 1,
      allowedCommands: ['suspend', 'extend', 'hand-over', 'start-test', 'complete-work'],
    });
    renderPage(active);
    await screen.findByTestId('permit-number');
    expect(strays(data(active))).toEqual([]);

    for (const label of ['Suspend', 'Extend', 'Hand over', 'Complete work']) {
      fireEvent.click(screen.getByRole('button', { name: `⟦${label}⟧` }));
      const dialog = await screen.findByRole('dialog');
      expect(strays(data(active)), label).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: '⟦Back⟧' }));
      await vi.waitFor(() => expect(dialog.isConnected).toBe(false));
    }
  });

  it('a requested permit: the Reject button and its dialog (reason, note) in captions', async () => {
    const requested = permit({ status: 'requested', allowedCommands: ['approve', 'cancel', 'reject'] });
    renderPage(requested);
    await screen.findByTestId('permit-number');
    fireEvent.click(screen.getByRole('button', { name: '⟦Reject⟧' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('textbox', { name: /⟦Note⟧/ })).toBeTruthy();
    const reasonWords = rejectionReasons.map((r) => r.caption);
    expect(strays([...data(requested), ...reasonWords])).toEqual([]);
    // Confirmed without a reason: the dialog names the missing reason, in its caption.
    fireEvent.click(within(dialog).getByRole('button', { name: '⟦Reject⟧' }));
    expect(await within(dialog).findByText('⟦Pick a rejection reason⟧', {}, { timeout: 5000 })).toBeTruthy();
    expect(strays([...data(requested), ...reasonWords])).toEqual([]);
  });

  it('a returned permit shows who returned it, when, why and the note, in captions', async () => {
    const returnedAt = new Date(Date.now() - hour).toISOString();
    const returned = permit({
      returned: {
        by: { ID: 13, displayName: 'Ada Approver' },
        at: returnedAt,
        reason: { ID: 41, value: 'Wrong permit type', caption: 'Wrong permit type' },
        note: 'Raise a HOT permit',
      },
    });
    renderPage(returned);
    const banner = await screen.findByTestId('permit-returned');
    expect(banner.textContent).toBe(
      `⟦Returned for rework by Ada Approver at ${when(returnedAt)}: Wrong permit type — Raise a HOT permit⟧`,
    );
    // The reason is a master-list item: its own caption (the facility's words), data to this page.
    expect(strays([...data(returned), when(returnedAt), 'Wrong permit type', 'Raise a HOT permit'])).toEqual([]);
  });

  it('names the sections other features bring by their captions', async () => {
    const loto = permit({
      permitType: { ...permit({}).permitType, sections: ['isolation-plan', 'crew-sign-on'] },
    });
    const entries: PermitSectionEntry[] = (['isolation-plan', 'tags', 'crew-sign-on'] as const).map((id) => ({
      section: id === 'tags' ? 'isolation-plan' : id,
      id,
      label: permitSectionCaptions[id],
      render: () => null,
    }));
    renderPage(loto, entries);
    await screen.findByTestId('permit-number');
    for (const name of ['⟦Isolation⟧', '⟦Tags⟧', '⟦Crew⟧']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(strays(data(loto))).toEqual([]);
  });

  it('shows the English defaults without a language', async () => {
    await setLanguage('en');
    renderPage(permit({}));
    expect(await screen.findByRole('tab', { name: 'History' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request' })).toBeTruthy();
  });

  it("names an isolation step in the history in the reader's words, with who and when", async () => {
    renderPage(permit({}));
    fireEvent.click(await screen.findByRole('tab', { name: '⟦History⟧' }));
    const list = await screen.findByRole('list', { name: '⟦Permit history⟧' });
    const step = [...list.querySelectorAll('li')].at(-1)!;
    expect(step.textContent).toContain('⟦Lock L-0042 applied on E-201⟧');
    expect(step.textContent).toContain(`${when(approvedAt)} · Iris Issuer`);
    // Its English summary is not said a second time under the caption.
    expect(step.textContent).not.toContain('Lock L-0042 applied on E-201⟧Lock');
  });
});
