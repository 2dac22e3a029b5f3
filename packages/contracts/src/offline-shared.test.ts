import { describe, expect, it } from 'vitest';
import type { OfflinePermit } from './offline';
import { compactOfflinePermits, expandOfflinePermits } from './offline-shared';
import type { QuestionVersion } from './questions';

const version = (ID: number, text: string): QuestionVersion => ({
  ID,
  questionID: ID,
  version: 1,
  text,
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: null,
  minValue: null,
  maxValue: null,
  createdBy: 'Ada Admin',
  createdAt: '2026-11-01T00:00:00.000Z',
});

const permitWith = (id: number, question: QuestionVersion, matrix: object): OfflinePermit =>
  ({
    permit: { ID: id, permitType: { ID: 1, code: 'LOTO', name: 'LOTO Permit' }, status: 'requested' },
    sections: {
      tags: [],
      questions: {
        permitId: id,
        version: 0,
        canAnswer: true,
        stages: [{ stage: 'request', isOpen: true, problems: ['Answer Q'], questions: [{ question, answer: null }] }],
      },
      'hazard-analysis': { permitId: id, version: 0, matrix, lines: [], editRefusal: 'Only the requester can.' },
      'crew-sign-on': { permitId: id, devices: [{ ID: 1, serial: 'LB-1' }] },
    },
    versions: { permit: 1 },
  }) as unknown as OfflinePermit;

describe('compactOfflinePermits / expandOfflinePermits (decision 0065)', () => {
  it('sends equal values once, as the same object or as equal JSON, and rebuilds every permit as it was', () => {
    const shared = version(7, 'Is the area clear?');
    const matrix = { cells: [['low']], version: 0 };
    const permits = [
      permitWith(1, shared, matrix),
      permitWith(2, shared, matrix),
      // Equal content in other objects: still one entry.
      permitWith(3, { ...shared }, { cells: [['low']], version: 0 }),
    ];
    const wire = JSON.parse(JSON.stringify(compactOfflinePermits(permits))) as ReturnType<typeof compactOfflinePermits>;
    expect(wire.shared.questionVersions).toEqual([shared]);
    expect(wire.shared.values).toEqual([
      ['Answer Q'],
      // The unanswered stage: once, its problems and question as indexes.
      { stage: 'request', isOpen: true, problems: 0, questions: [{ question: 0, answer: null }] },
      matrix,
      'Only the requester can.',
      [{ ID: 1, serial: 'LB-1' }],
      { ID: 1, code: 'LOTO', name: 'LOTO Permit' },
    ]);
    expect(wire.permits[0]!.permit.permitType).toBe(5);
    expect(wire.permits.map((p) => (p.sections.questions as { stages: unknown[] }).stages)).toEqual([[1], [1], [1]]);
    expect(JSON.stringify(wire.permits)).not.toContain('Is the area clear?');
    const rebuilt = expandOfflinePermits(wire.permits, wire.shared);
    expect(rebuilt).toEqual(permits);
    // Key order too: the stored copy serializes as the section route's answer does.
    expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(permits));
  });

  it('sends an answered stage with its permit', () => {
    const answered = permitWith(2, version(7, 'Q'), {});
    const stage = (answered.sections.questions as { stages: { questions: { answer: unknown }[] }[] }).stages[0]!;
    stage.questions[0]!.answer = { value: 'yes' };
    const permits = [permitWith(1, version(7, 'Q'), {}), answered];
    const wire = compactOfflinePermits(permits);
    const [unanswered, own] = wire.permits.map((p) => (p.sections.questions as { stages: unknown[] }).stages[0]);
    expect(typeof unanswered).toBe('number');
    expect(own).toMatchObject({ stage: 'request', questions: [{ question: 0, answer: { value: 'yes' } }] });
    expect(expandOfflinePermits(wire.permits, wire.shared)).toEqual(permits);
  });

  it('keeps two different values of the same question version ID apart', () => {
    const permits = [permitWith(1, version(7, 'Old wording'), {}), permitWith(2, version(7, 'New wording'), {})];
    const wire = compactOfflinePermits(permits);
    expect(wire.shared.questionVersions.map((v) => v.text)).toEqual(['Old wording', 'New wording']);
    expect(expandOfflinePermits(wire.permits, wire.shared)).toEqual(permits);
  });

  it('refuses an index the page does not carry', () => {
    const wire = compactOfflinePermits([permitWith(1, version(7, 'Q'), {})]);
    expect(() => expandOfflinePermits(wire.permits, { questionVersions: [], values: wire.shared.values })).toThrow(
      /no shared question version 0/,
    );
  });

  it('reads a permit whose type and refusal came whole (a page stored before decision 0086)', () => {
    const [compact] = compactOfflinePermits([permitWith(1, version(7, 'Q'), {})]).permits;
    const whole = {
      ...compact!,
      permit: permitWith(1, version(7, 'Q'), {}).permit,
      sections: {
        ...compact!.sections,
        'hazard-analysis': {
          ...(compact!.sections['hazard-analysis'] as object),
          editRefusal: 'Only the requester can.',
        },
      },
    } as OfflinePermit;
    const wire = compactOfflinePermits([permitWith(1, version(7, 'Q'), {})]);
    expect(expandOfflinePermits([whole], wire.shared)).toEqual([permitWith(1, version(7, 'Q'), {})]);
  });
});
