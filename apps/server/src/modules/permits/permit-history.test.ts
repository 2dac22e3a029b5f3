import { describe, expect, it } from 'vitest';
import { permitFieldCaptions, permitHistorySummaryCaptions, sayIn, type Caption } from '@hasp/contracts';
import { permitHistory } from './permit-history';
import type { PermitAuditRow } from './permit-history.repository';

const row = (action: string, before: unknown, after: unknown): PermitAuditRow => ({
  id: '1',
  occurred_at: new Date('2026-11-29T13:08:00Z'),
  action,
  entity_type: 'permit',
  user_id: 3,
  display_name: 'Ann Approver',
  before,
  after,
  reason: null,
  lock_serial: null,
  place: null,
  crew: null,
});

// The reader's captions: Spanish for the ones these entries say.
const spanish = new Map<Caption, string>([
  [permitHistorySummaryCaptions.created, 'Creado {{number}}'],
  [permitHistorySummaryCaptions.newHolder, 'Nuevo titular: {{holder}}'],
  [permitFieldCaptions.title, 'Título'],
  [permitFieldCaptions.plannedEnd, 'Fin previsto'],
]);
const es = (caption: Caption, values: Record<string, string | number> = {}) =>
  (spanish.get(caption) ?? caption.defaultCaption).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe("a permit's history summaries", () => {
  it('keep their English words and say them from captions, built from the audit row when read', () => {
    const [created, edited, handedOver] = permitHistory([
      row('permit.create', null, { status: 'draft', number: 'LOTO-26-0007' }),
      row('permit.edit', { title: 'A', plannedEnd: '1' }, { title: 'B', plannedEnd: '2' }),
      row('permit.hand-over', {}, { holder: { displayName: 'Ben Holder' } }),
    ]);
    expect(created!.summary).toBe('Created LOTO-26-0007');
    expect(sayIn(created!.said, created!.summary, es)).toBe('Creado LOTO-26-0007');
    expect(edited!.summary).toBe('Title, Planned end');
    expect(sayIn(edited!.said, edited!.summary, es)).toBe('Título, Fin previsto');
    expect(handedOver!.summary).toBe('New holder: Ben Holder');
    expect(sayIn(handedOver!.said, handedOver!.summary, es)).toBe('Nuevo titular: Ben Holder');
  });

  it("say a person's reason as they wrote it", () => {
    const [suspended] = permitHistory([{ ...row('permit.suspend', {}, {}), reason: 'Gas alarm' }]);
    expect(suspended!.summary).toBe('Gas alarm');
    expect(suspended!.said).toBeNull();
  });
});
