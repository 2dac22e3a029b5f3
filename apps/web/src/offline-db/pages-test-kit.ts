import { compactOfflinePermits, type OfflineDownload, type OfflinePermit, type Permit } from '@hasp/contracts';
import type { HaspDatabase, OutboxItem, Owner } from './db';
import { summaryOf } from './pages';

/** Test fixtures for the stored download pages (decision 0078): permits as the section routes answer them. */

const question = (ID: number) => ({
  ID,
  questionID: ID,
  version: 1,
  text: `Question ${ID}?`,
  answerType: 'yes_no_na' as const,
  choices: [],
  isMandatory: true,
  blockingAnswer: 'No',
  minValue: null,
  maxValue: null,
  createdBy: 'Ada Admin',
  createdAt: '2026-11-01T00:00:00.000Z',
});
const matrix = { severityLabels: ['Low'], likelihoodLabels: ['Rare'], cells: [['low']], version: 0 };

export const permitOf = (id: number, over: Partial<Permit> = {}): Permit => ({
  ID: id,
  number: `LOTO-${id}`,
  permitType: { ID: 1, code: 'LOTO', name: 'LOTO Permit', icon: 'lock', color: '#c00', sections: ['questions'] },
  status: 'active',
  title: `Pump ${id} seal`,
  description: '',
  workMethod: '',
  area: null,
  assets: [],
  plannedStart: '2026-11-24T08:00:00Z',
  plannedEnd: '2026-11-24T16:00:00Z',
  requester: { ID: 3, displayName: 'Rae Requester' },
  holder: { ID: 9, displayName: 'Nia Holder' },
  issuer: null,
  approvals: [],
  riskLevel: 'medium',
  revision: 1,
  version: 3,
  extensionCount: 0,
  statusReason: null,
  allowedCommands: ['suspend'],
  voidedAt: null,
  voidReason: null,
  createdAt: '2026-11-24T06:00:00Z',
  updatedAt: '2026-11-24T07:00:00Z',
  ...over,
});

/** A permit as the section routes answer it (the parts the page sends once, and per-permit parts around them). */
export function fullPermit(id: number, over: Partial<Permit> = {}): OfflinePermit {
  return {
    permit: permitOf(id, over),
    sections: {
      tags: [],
      questions: {
        permitId: id,
        version: 1,
        canAnswer: true,
        stages: [
          {
            stage: 'request',
            isOpen: true,
            problems: [],
            questions: [
              {
                question: question(1),
                answer: { ID: id, value: 'Yes', answeredBy: { ID: 1, displayName: 'A' }, answeredAt: 'x' },
              },
              { question: question(2), answer: null },
            ],
          },
        ],
      },
      'hazard-analysis': { permitId: id, version: 0, matrix, lines: [], canEdit: true },
      'crew-sign-on': { permitId: id, devices: [{ ID: 5, serial: 'LB-5' }], lockbox: null },
    },
    versions: { permit: over.version ?? 3 },
  };
}

/** The page as the device receives it: its text, and that text parsed. */
export function pageOf(
  full: OfflinePermit[],
  nextAfter: number | null = null,
  over: Partial<Pick<OfflineDownload, 'pageStarts' | 'cursor' | 'since' | 'inScope'>> = {},
): { page: OfflineDownload; text: string } {
  const text = JSON.stringify({
    permitType: { ID: 1, code: 'LOTO', name: 'LOTO Permit' },
    ...compactOfflinePermits(full),
    reference: { people: [] },
    downloadedAt: '2026-11-25T00:00:00.000Z',
    nextAfter,
    pageStarts: null,
    cursor: null,
    since: null,
    inScope: null,
    ...over,
  });
  return { page: JSON.parse(text) as OfflineDownload, text };
}

/** Writes a page's two rows as `storeDownload` does (for tests outside features/offline). */
export async function putPage(db: HaspDatabase, owner: Owner, full: OfflinePermit[], updatedAt: string) {
  const { page, text } = pageOf(full);
  const key = `${owner.connectionStringName}:${owner.facilityId}:page:${owner.userId}:LOTO:${full[0]!.permit.ID}`;
  const permitIds = page.permits.map((p) => p.permit.ID);
  await db.pages.put({
    ...owner,
    key,
    permitType: 'LOTO',
    permitIds,
    summaries: page.permits.map((p) => summaryOf(p.permit, page.permitType.name)),
    updatedAt,
  });
  await db.pageTexts.put({ key, text });
}

/** A queued offline edit of permit `permitId` (base version 3), as the outbox holds it. */
export function outboxEdit(
  owner: Owner,
  idempotencyKey: string,
  permitId: number,
  over: Partial<OutboxItem> = {},
): OutboxItem {
  return {
    ...owner,
    idempotencyKey,
    deviceId: 'd',
    deviceSeq: 1,
    deviceTime: '2026-11-24T00:00:00.000Z',
    name: 'permit.edit',
    targetId: permitId,
    input: {},
    baseVersion: 3,
    permitKey: `${owner.connectionStringName}:${owner.facilityId}:${permitId}`,
    status: 'pending',
    attempts: 0,
    ...over,
  };
}
