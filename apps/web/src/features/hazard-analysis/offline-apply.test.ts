import { describe, expect, it } from 'vitest';
import {
  defaultRiskMatrix,
  type HazardAnalysis,
  type HazardLine,
  type OfflinePermit,
  type Permit,
} from '@hasp/contracts';
import { baseVersionOf, localAlias, type LocalActor } from '../../lib/offline-apply';
import { hazardCommandOffline, type HazardItems } from './offline-apply';

const now = new Date('2026-11-24T10:00:00Z');
const uuid = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const requester: LocalActor = {
  userId: 3,
  displayName: 'Rae Requester',
  permissions: new Set(['permit:view:LOTO', 'permit:create:LOTO']),
};
const items: HazardItems = {
  hazard: (id) => ({ 11: 'Stored energy', 12: 'Pinch point' })[id],
  control: (id) => ({ 21: 'Lock out and try' })[id],
};

const lineOf = (over: Partial<HazardLine> = {}): HazardLine => ({
  ID: 500,
  position: 0,
  jobStep: 'Open the guard',
  hazard: { ID: 12, caption: 'Pinch point' },
  severity: 2,
  likelihood: 2,
  risk: 'low',
  controls: [{ ID: 1, item: null, text: 'Gloves' }],
  residualSeverity: 1,
  residualLikelihood: 1,
  residualRisk: 'low',
  ...over,
});

function offline(status: Permit['status'] = 'draft', lines = [lineOf()]): OfflinePermit {
  const view: HazardAnalysis = {
    permitId: 42,
    version: 4,
    riskLevel: 'low',
    required: true,
    matrix: { ...defaultRiskMatrix, version: 0 },
    lines,
    suggestions: [],
    canEdit: true,
    editRefusal: null,
    missing: [],
  };
  return {
    permit: {
      ID: 42,
      status,
      riskLevel: 'low',
      requester: { ID: 3, displayName: 'Rae Requester' },
      permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: ['hazard-analysis'] },
    } as Permit,
    sections: { 'hazard-analysis': view },
    versions: { permit: 7, 'hazard-analysis': 4 },
  };
}

const body = {
  jobStep: ' Bleed the accumulator ',
  hazardItemId: 11,
  severity: 5,
  likelihood: 3,
  controls: [{ itemId: 21 }, { text: 'Gauge reads zero' }],
  residualSeverity: null,
  residualLikelihood: null,
};

describe('hazard analysis lines on the device (decision 0067)', () => {
  it('adds a line rated on the stored matrix; the permit risk and what the request guard names follow; edited and removed by its local id', () => {
    const added = hazardCommandOffline(offline(), 'add-line', body, requester, items, now, uuid);
    if (!added.ok) throw new Error(added.reason);
    const view = added.answer as HazardAnalysis;
    expect(view.lines[1]).toMatchObject({
      ID: localAlias(uuid),
      jobStep: 'Bleed the accumulator',
      hazard: { ID: 11, caption: 'Stored energy' },
      risk: 'high',
      residualRisk: null,
      controls: [{ item: { ID: 21, caption: 'Lock out and try' } }, { item: null, text: 'Gauge reads zero' }],
    });
    // The residual risk is not rated yet: the line counts with its risk before controls.
    expect(view.riskLevel).toBe('high');
    expect(added.data.permit.riskLevel).toBe('high');
    expect(view.missing).toEqual(['Hazard analysis: line 2 ("Bleed the accumulator") needs its residual risk.']);
    expect(added.input).toMatchObject({ hazardItemId: 11, localId: `local:${uuid}` });
    expect(baseVersionOf(added.data, 'hazard-analysis.add-line')).toBe(4);

    const edited = hazardCommandOffline(
      added.data,
      'edit-line',
      { ...body, lineId: localAlias(uuid), residualSeverity: 1, residualLikelihood: 2 },
      requester,
      items,
      now,
      'ffffffff-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    );
    if (!edited.ok) throw new Error(edited.reason);
    expect(edited.input).toMatchObject({ lineId: `local:${uuid}` });
    expect((edited.answer as HazardAnalysis).riskLevel).toBe('low');
    expect((edited.answer as HazardAnalysis).missing).toEqual([]);

    const moved = hazardCommandOffline(
      edited.data,
      'reorder',
      { lineIds: [localAlias(uuid), 500] },
      requester,
      items,
      now,
      uuid,
    );
    if (!moved.ok) throw new Error(moved.reason);
    expect(moved.input).toEqual({ lineIds: [`local:${uuid}`, 500] });
    expect((moved.answer as HazardAnalysis).lines.map((l) => l.jobStep)).toEqual([
      'Bleed the accumulator',
      'Open the guard',
    ]);

    const removed = hazardCommandOffline(
      moved.data,
      'remove-line',
      { lineId: localAlias(uuid) },
      requester,
      items,
      now,
      uuid,
    );
    expect(removed.ok && removed.input).toEqual({ lineId: `local:${uuid}` });
    expect(removed.ok && (removed.answer as HazardAnalysis).lines.map((l) => l.ID)).toEqual([500]);
  });

  it('refuses what the server refuses: after approval, not the requester, outside the matrix, a hazard not on the device, a partial reorder', () => {
    expect(hazardCommandOffline(offline('approved'), 'add-line', body, requester, items, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
      reason: 'The hazard analysis can change only while the permit is Draft or Requested; this permit is Approved.',
    });
    const other: LocalActor = { ...requester, userId: 4 };
    expect(hazardCommandOffline(offline(), 'add-line', body, other, items, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
      reason: 'Only the requester of the permit can change its hazard analysis.',
    });
    expect(
      hazardCommandOffline(offline(), 'add-line', { ...body, severity: 6 }, requester, items, now, uuid),
    ).toMatchObject({ ok: false, status: 422 });
    expect(
      hazardCommandOffline(offline(), 'add-line', { ...body, hazardItemId: 99 }, requester, items, now, uuid),
    ).toMatchObject({ ok: false, status: 422, reason: expect.stringMatching(/^Hazard: /) });
    expect(
      hazardCommandOffline(offline(), 'reorder', { lineIds: [500, 500] }, requester, items, now, uuid),
    ).toMatchObject({
      ok: false,
      reason: 'Reorder: list every line of the analysis exactly once',
    });
    expect(hazardCommandOffline(offline(), 'remove-line', { lineId: 77 }, requester, items, now, uuid)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
