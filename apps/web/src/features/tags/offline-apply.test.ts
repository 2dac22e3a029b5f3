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
    expect(tag.allowedCommands).toEqual(['verify', 'remove', 'report-missing']);
    expect((result.data.sections['isolation-plan'] as IsolationPlan).points[0]!.tags[0]!.state).toBe('applied');
    const again = applyTagCommand(result.data, 'apply', { tagId: 801 }, issuer, now);
    expect(again).toMatchObject({ ok: false, status: 409 });
  });
});
