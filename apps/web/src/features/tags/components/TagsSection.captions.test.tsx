import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Permit, Tag } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { formatDateTime } from '../../../lib/date-time';
import { TagsSection } from './TagsSection';

/** The Tags section speaks only in captions: nothing but the tags' own data may be left outside them. */

const at = '2026-11-24T09:15:00.000Z';
const ann = { ID: 21, displayName: 'Ann Smith' };
const tag = (over: Partial<Tag>): Tag => ({
  ID: 1,
  number: 'TAG-0001',
  permitId: 7,
  planPointId: 3,
  lockApplicationId: null,
  legend: { ID: 4, value: 'DANGER DO NOT OPERATE' },
  reason: 'Seal change on pump',
  state: 'verified',
  point: { code: 'E-101', location: 'MCC room' },
  printedAt: at,
  appliedBy: ann,
  appliedAt: at,
  verifiedBy: ann,
  verifiedAt: at,
  removedBy: null,
  removedAt: null,
  voidedAt: null,
  voidReason: null,
  missingAt: null,
  replacesTagId: null,
  statusToken: 'AAAAAAAAAAAAAAAAAAAAAA',
  version: 3,
  allowedCommands: ['remove', 'report-missing', 'revoke-link'],
  ...over,
});
const tags = [
  tag({}),
  tag({
    ID: 2,
    number: 'TAG-0002',
    planPointId: null,
    lockApplicationId: 9,
    point: null,
    legend: null,
    state: 'voided',
    voidedAt: at,
    voidReason: 'Printed twice',
    replacesTagId: 1,
    statusToken: null,
    appliedBy: null,
    verifiedBy: null,
    allowedCommands: [],
  }),
];
/** As the section says a time (the app's one formatter, English). */
const when = formatDateTime(at, { language: 'en' });
const data = [
  'TAG-0001',
  'TAG-0002',
  'DANGER DO NOT OPERATE',
  'Seal change on pump',
  'E-101',
  'MCC room',
  'Ann Smith',
  'Printed twice',
  when,
];

async function renderSection() {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/tags') ? tags : []));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <TagsSection permit={{ ID: 7, number: 'LOTO-26-0007' } as Permit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Tags section speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('a point tag with its QR code and commands, a voided personal-lock tag, the reason dialog', async () => {
    await renderSection();
    await screen.findByRole('img', { name: '⟦QR code for tag TAG-0001: opens its status page⟧' });
    expect(screen.getByText('⟦Voided: Printed twice⟧')).toBeTruthy();
    expect(strays(data)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '⟦Report missing⟧' }));
    await screen.findByRole('dialog');
    expect(strays(data)).toEqual([]);
  });

  it('keeps the English', async () => {
    await renderSection();
    await setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByText(`Applied by Ann Smith, ${when}`)).toBeTruthy();
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
  });
});
