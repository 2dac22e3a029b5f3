import { describe, expect, it } from 'vitest';
import type { IsolationPlan, Tag } from '@hasp/contracts';
import { now, issuer, offline } from '../../test/offline-permit-fixtures';
import { applyTagCommand } from './offline-apply';

describe('tags applied on the device', () => {
  it('applies a tag forward only and shows it on the plan point', () => {
    const result = applyTagCommand(offline(), 'apply', { tagId: 801 }, issuer, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const tag = (result.data.sections.tags as Tag[])[0]!;
    expect(tag).toMatchObject({ state: 'applied', appliedBy: { ID: 5 }, version: 2 });
    expect(tag.allowedCommands).toEqual(['verify', 'remove', 'report-missing', 'note']);
    expect((result.data.sections['isolation-plan'] as IsolationPlan).points[0]!.tags[0]!.state).toBe('applied');
    const again = applyTagCommand(result.data, 'apply', { tagId: 801 }, issuer, now);
    expect(again).toMatchObject({ ok: false, status: 409 });
  });

  it('keeps a note on the tag, checked as the route checks it, and none once the tag is removed', () => {
    const empty = applyTagCommand(offline(), 'note', { tagId: 801, note: '   ' }, issuer, now);
    expect(empty).toMatchObject({ ok: false, status: 422, reason: 'Note is required' });
    const noted = applyTagCommand(offline(), 'note', { tagId: 801, note: ' Hasp on the cover ' }, issuer, now);
    expect(noted.ok).toBe(true);
    if (!noted.ok) return;
    const tag = (noted.data.sections.tags as Tag[])[0]!;
    expect(tag).toMatchObject({
      state: 'printed',
      notes: [{ text: 'Hasp on the cover', by: { ID: 5 }, at: now.toISOString() }],
    });
    const applied = applyTagCommand(noted.data, 'apply', { tagId: 801 }, issuer, now);
    if (!applied.ok) throw new Error(applied.reason);
    const removed = applyTagCommand(applied.data, 'remove', { tagId: 801 }, issuer, now);
    if (!removed.ok) throw new Error(removed.reason);
    expect(applyTagCommand(removed.data, 'note', { tagId: 801, note: 'Late' }, issuer, now)).toMatchObject({
      ok: false,
      status: 409,
    });
  });
});
