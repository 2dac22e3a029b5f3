import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Attachment, AttachmentList, Permit } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { AttachmentsSection } from './AttachmentsSection';

/** The Attachments section speaks only in captions: nothing but the attachments' own data may be left outside them. */

const at = '2026-11-24T09:15:00.000Z';
const ann = { ID: 21, displayName: 'Ann Smith' };
const attachment = (over: Partial<Attachment>): Attachment => ({
  ID: 1,
  permitId: 7,
  kind: 'document',
  contentType: 'application/pdf',
  displayName: 'method-statement.pdf',
  byteSize: 2 * 1024 * 1024,
  width: null,
  height: null,
  hasThumbnail: false,
  attachedBy: ann,
  attachedAt: at,
  removed: null,
  canRemove: true,
  version: 1,
  ...over,
});
const list: AttachmentList = {
  attachments: [
    attachment({}),
    attachment({
      ID: 2,
      displayName: 'old-scan.pdf',
      byteSize: 300 * 1024,
      removed: { by: ann, at, reason: 'Superseded' },
      canRemove: false,
    }),
  ],
  maxBytes: 20 * 1024 * 1024,
  canAttach: true,
};

async function renderSection() {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/attachments') ? list : []));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AttachmentsSection permit={{ ID: 7 } as Permit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Attachments section speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('pickers, a document, a removed one and the removal dialog', async () => {
    await renderSection();
    const data = ['method-statement.pdf', 'old-scan.pdf', 'Ann Smith', 'Superseded', formatDateTime(at), 'MB', 'KB'];
    await screen.findByRole('button', { name: '⟦Download method-statement.pdf⟧' });
    expect(screen.getByText('⟦Take photo⟧')).toBeTruthy();
    expect(strays(data)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '⟦Remove method-statement.pdf⟧' }));
    await screen.findByRole('dialog');
    expect(strays(data)).toEqual([]);
  });

  it('keeps the English', async () => {
    await renderSection();
    await setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Download method-statement.pdf' })).toBeTruthy();
    expect(screen.getByText('Removed (1)')).toBeTruthy();
    expect(screen.getByLabelText('Take photo').getAttribute('capture')).toBe('environment');
  });
});
