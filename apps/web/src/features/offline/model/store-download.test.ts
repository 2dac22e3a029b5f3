import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { compactOfflinePermits, type OfflineDownload, type OfflinePermit } from '@hasp/contracts';
import { HaspDatabase } from '../../../offline-db';
import { permitKeyOf, storeDownload } from './store-download';

const owner = { connectionStringName: 'Demo', facilityId: 1, userId: 10 };
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

/** A permit as the section routes answer it (the parts the page sends once, and per-permit parts around them). */
function fullPermit(id: number): OfflinePermit {
  return {
    permit: { ID: id, version: 3 } as OfflinePermit['permit'],
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
    versions: { permit: 3 },
  };
}

describe('storeDownload (decision 0065)', () => {
  it('stores each permit of a compact page exactly as the section routes answer it', async () => {
    const db = new HaspDatabase(`hasp-store-${Math.random()}`);
    const full = [fullPermit(41), fullPermit(42)];
    const page: OfflineDownload = JSON.parse(
      JSON.stringify({
        permitType: { ID: 1, code: 'LOTO', name: 'LOTO Permit' },
        ...compactOfflinePermits(full),
        reference: { people: [] },
        downloadedAt: '2026-11-25T00:00:00.000Z',
        nextAfter: null,
      }),
    );
    expect(JSON.stringify(page.permits)).not.toContain('Question 1?');
    const result = await storeDownload(db, owner, page);
    expect(result.stored).toBe(2);
    for (const offline of full) {
      const stored = await db.permits.get(permitKeyOf(owner, offline.permit.ID));
      expect(stored?.data).toEqual(offline);
      expect(JSON.stringify(stored?.data)).toBe(JSON.stringify(offline));
    }
    db.close();
  });
});
