import { describe, expect, it } from 'vitest';
import {
  captionKey,
  decide,
  lockApplyRefusal,
  lockAssignRefusal,
  lockPointRefusal,
  lockRemoveRefusal,
  permitCommands,
  pointLockCountRefusal,
  permitStatuses,
  gasTestRefusalSaid,
  inPlaceCaptions,
  isolationPlanRefusalSaid,
  isolationPlanVerbs,
  lockboxCommands,
  lockWhereCaptions,
  lockboxRefusal,
  permitGuardCaptions,
  planPointStateCaptions,
  pointGroupCaptions,
  say,
  sayableCaptions,
  tagStateCaptions,
  sayIn,
  type Caption,
  type IsolationPlan,
  type LockboxMember,
  type LockboxRuleState,
  type PermitActor,
  type PermitFacts,
  type PlanPoint,
  type PlanPointState,
} from '@hasp/contracts';
import { spanishTranslations } from '.';

const spanish = new Map(spanishTranslations.map(({ caption, text }) => [captionKey(caption), text]));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** A reader's caption function in the Spanish Hasp ships. */
const es = (caption: Caption, values: Record<string, string | number> = {}) =>
  (spanish.get(captionKey(caption)) ?? caption.defaultCaption).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    String(values[k] ?? `{{${k}}}`),
  );

describe('what the shared rules say, in Spanish', () => {
  it('every sayable caption (the rules’ words and the terms they name) has a Spanish text with the same placeholders', () => {
    const captions = sayableCaptions();
    expect(captions.length).toBeGreaterThan(100);
    for (const caption of captions) {
      const text = spanish.get(captionKey(caption));
      expect(text, `no Spanish for ${captionKey(caption)}`).toBeDefined();
      expect(placeholders(text!), captionKey(caption)).toEqual(placeholders(caption.defaultCaption));
    }
  });

  it('every refusal of the permit lifecycle reads in Spanish, with no English word left in it', () => {
    const person = (userId: number, ...actions: string[]): PermitActor => ({
      userId,
      permissions: new Set(actions.map((a) => `permit:${a}:LOTO`)),
      isSystem: false,
    });
    const actors = [person(1, 'view', 'create'), person(3, 'view', 'issue'), person(4, 'view'), person(9)];
    const facts = (status: PermitFacts['status']): PermitFacts => ({
      status,
      typeCode: 'LOTO',
      requesterId: 1,
      holderId: 4,
      issuerId: 3,
      approverIds: [],
      plannedStart: '2026-01-01T08:00:00Z',
      plannedEnd: '2026-01-01T16:00:00Z',
      extensionCount: 2,
      maxExtensions: 2,
      maxValidityHours: 24,
      now: '2026-01-01T12:00:00Z',
    });
    let said = 0;
    for (const status of permitStatuses)
      for (const actor of [...actors, { userId: null, permissions: new Set<string>(), isSystem: true }])
        for (const command of permitCommands) {
          const decision = decide(facts(status), actor, command, { password: 'typed' });
          if (decision.ok) continue;
          const words = sayIn(decision.said, decision.reason, es);
          // The English reason, unchanged, beside its Spanish.
          expect(words, decision.reason).not.toBe(decision.reason);
          // A permission's code (permit:issue:LOTO) is a value, as written.
          expect(words.replace(/permit:\w+:\w+/g, '')).not.toMatch(/\b(the|permit|only|cannot|must|holder)\b/i);
          said += 1;
        }
    expect(said).toBeGreaterThan(100);
  });

  it('the lock rules refuse in Spanish: a pool lock not assigned to this permit names where it is', () => {
    const pool = {
      serial: 'P-7',
      kind: 'padlock' as const,
      status: 'available' as const,
      ownerId: null,
      ownerName: null,
      assignedPermitId: 9,
      assignedPermitNumber: 'LOTO-000009',
    };
    const elsewhere = lockApplyRefusal(pool, 4, { id: 7 })!;
    expect(elsewhere.message).toBe('Lock P-7 is not assigned to this permit: it is assigned to permit LOTO-000009');
    expect(sayIn(elsewhere.said, elsewhere.message, es)).toBe(
      'El candado P-7 no está asignado a este permiso: está asignado al permiso LOTO-000009',
    );
    expect(lockApplyRefusal(pool, 4, { id: 9 })).toBeNull();
    const point = lockPointRefusal('P-7', { code: 'E-1', state: 'pending' })!;
    expect(sayIn(point.said, point.message, es)).toMatch(/^El punto E-1 está en Pendiente: /);
    const remove = lockRemoveRefusal(
      { serial: 'P-7', removed: false, appliedBy: 3, applierName: 'Ann' },
      4,
      'removed',
    )!;
    expect(sayIn(remove.said, remove.message, es)).toBe('El candado P-7 lo puso Ann: solo esa persona lo quita');
    const third = pointLockCountRefusal({ code: 'E-1' }, ['A', 'B'], 'C', true)!;
    expect(sayIn(third.said, third.message, es)).toMatch(/^Ya tiene 2 candados en el punto E-1 \(A, B\)/);
    const ended = lockAssignRefusal(
      { ...pool, assignedPermitId: null, assignedPermitNumber: null },
      {
        id: 9,
        number: 'LOTO-000009',
        status: 'closed',
      },
    )!;
    expect(sayIn(ended.said, ended.message, es)).toBe('El permiso LOTO-000009 está en Cerrado: ya no recibe candados');
  });
});

describe('lists and things in place, in Spanish', () => {
  it('a list of names is joined by the reader’s “y”, and the close refusal names each thing in Spanish', () => {
    const refusal = say(
      permitGuardCaptions.inPlace,
      {},
      {},
      {},
      {
        things: [
          say(inPlaceCaptions.lockOnPoint, { serial: 'L-1', point: 'E-1', person: 'Ana Diaz' }),
          say(inPlaceCaptions.signedOn, { serial: 'P-7', person: 'Ben Ode' }),
          say(inPlaceCaptions.tagOnPoint, { tag: 'T-9', point: 'H-2' }, { state: tagStateCaptions.applied }),
        ],
      },
    );
    expect(refusal.message).toBe(
      'The permit cannot close while these are in place: Lock L-1 on E-1 (applied by Ana Diaz); Signed on: Ben Ode (lock P-7); Tag T-9 on H-2 (Applied).',
    );
    expect(sayIn(refusal.said, refusal.message, es)).toBe(
      'El permiso no se puede cerrar mientras siga puesto lo siguiente: Candado L-1 en E-1 (puesto por Ana Diaz); Registrado: Ben Ode (candado P-7); Etiqueta T-9 en H-2 (Colocada).',
    );
    const points = say(
      pointGroupCaptions.many,
      { points: ['E-1', 'P-2', 'T-3'] },
      { state: planPointStateCaptions.isolated },
    );
    expect(points.message).toBe('E-1, P-2 and T-3 are Isolated');
    expect(sayIn(points.said, points.message, es)).toMatch(/^E-1, P-2 y T-3 están en /);
  });
});

describe('the group lockbox’s refusals, in Spanish', () => {
  it('every refusal of every lockbox command is said, and reads in Spanish', () => {
    const member = (userId: number, serial: string): LockboxMember => ({
      applicationId: userId * 10,
      user: { ID: userId, displayName: `Person ${userId}` },
      lock: { ID: userId, serial },
      signedOnAt: '2026-01-01T08:00:00Z',
      signedOffAt: null,
      removal: null,
      tag: null,
    });
    const lockboxes: LockboxRuleState['lockbox'][] = [
      undefined,
      { primary: { ID: 1 }, keysDepositedAt: null, releasedAt: null },
      { primary: { ID: 1 }, keysDepositedAt: '2026-01-01T08:00:00Z', releasedAt: null },
    ];
    const permissionSets = [
      new Set<string>(),
      new Set(['permit:view:LOTO']),
      new Set(['permit:view:LOTO', 'permit:issue:LOTO']),
    ];
    let said = 0;
    for (const status of permitStatuses)
      for (const sections of [['crew-sign-on'], []])
        for (const lockbox of lockboxes)
          for (const members of [[], [member(2, 'P-2')], [member(2, 'P-2'), member(3, 'P-3')]])
            for (const permissions of permissionSets)
              for (const userId of [1, 2, 4])
                for (const command of lockboxCommands)
                  for (const input of [undefined, { applicationId: 99 }]) {
                    const state = { permit: { typeCode: 'LOTO', sections, status }, lockbox, members, permissions };
                    const refusal = lockboxRefusal(state, userId, command, input);
                    if (!refusal) continue;
                    expect(refusal.said, refusal.message).toBeDefined();
                    const words = sayIn(refusal.said, refusal.message, es);
                    expect(words, refusal.message).not.toBe(refusal.message);
                    expect(words.replace(/permit:\w+:\w+/g, '')).not.toMatch(/\b(the|lockbox|only|cannot|is|lock)\b/i);
                    said += 1;
                  }
    expect(said).toBeGreaterThan(500);
  });
});

describe('the gas guard, in Spanish', () => {
  it('a failing reading and a stale test read in Spanish, gas codes and numbers as written', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const reading = (code: string, value: number, lowLimit: number | null, highLimit: number | null) => ({
      code,
      unit: code === 'H2S' ? 'ppm' : '%',
      value,
      lowLimit,
      highLimit,
    });
    const failing = gasTestRefusalSaid({
      standing: {
        failing: [
          {
            testedAt: '2026-01-01T10:00:00Z',
            readings: [reading('O2', 18.2, 19.5, 23.5), reading('H2S', 12, null, 10)],
          },
        ],
        lastPassAt: null,
      },
      retestMinutes: 120,
      now,
      verb: 'issued',
    })!;
    expect(failing.message).toMatch(
      /^Gas test: O2 18\.2 % is below the limit of 19\.5 %; H2S 12 ppm is above the limit of 10 ppm \(measured 2026-01-01 10:00 UTC\)\./,
    );
    expect(sayIn(failing.said, failing.message, es)).toContain(
      'O2 18.2 % está por debajo del límite de 19.5 %; H2S 12 ppm está por encima del límite de 10 ppm (medido 2026-01-01 10:00 UTC)',
    );
    const stale = gasTestRefusalSaid({
      standing: { failing: [], lastPassAt: '2026-01-01T09:55:00Z' },
      retestMinutes: 120,
      now,
      verb: 'issued',
    })!;
    expect(stale.message).toContain('the latest test is 2 h 5 min old');
    const words = sayIn(stale.said, stale.message, es);
    expect(words).toContain('2 h 5 min');
    expect(words).not.toMatch(/\b(the|latest|old|test)\b/i);
  });
});

describe('the isolation plan’s refusals, in Spanish', () => {
  it('every refusal of every plan step is said, and reads in Spanish', () => {
    const stamp = { at: '2026-01-01T08:00:00Z', by: { ID: 1, displayName: 'Ana Diaz' } };
    const point = (ID: number, state: PlanPointState, extra: Partial<PlanPoint> = {}): PlanPoint =>
      ({
        ID,
        code: `E-${ID}`,
        state,
        lockable: ID !== 3,
        heldBy: [],
        locks: [],
        tags: [],
        ...extra,
      }) as unknown as PlanPoint;
    const locked = {
      locks: [{ applicationId: 1, lockId: 1, serial: 'L-1', appliedBy: stamp.by, appliedAt: stamp.at }],
    };
    const pointSets = [
      [],
      [point(1, 'pending'), point(2, 'isolated'), point(3, 'isolated')],
      [point(1, 'verified', locked), point(2, 'test_released'), point(3, 'restored')],
      [point(1, 'verified', { ...locked, heldBy: [{ ID: 9, number: 'LOTO-9' }] }), point(2, 'released')],
    ];
    const flags = [null, stamp];
    let said = 0;
    for (const permitStatus of permitStatuses)
      for (const points of pointSets)
        for (const done of flags)
          for (const verb of isolationPlanVerbs)
            for (const input of [
              {},
              { planPointId: 1 },
              { planPointId: 2 },
              { planPointId: 3 },
              { planPointIds: [1] },
            ]) {
              const plan = {
                permitId: 1,
                permitNumber: 'LOTO-1',
                permitStatus,
                version: 1,
                notified: done,
                shutDown: done,
                storedEnergyReleased: null,
                areaInspected: done,
                peopleClear: null,
                releaseNotified: null,
                points,
                nextStep: null,
              } as unknown as Omit<IsolationPlan, 'allowedVerbs'>;
              const refusal = isolationPlanRefusalSaid(plan, verb, input)?.();
              if (!refusal) continue;
              const words = sayIn(refusal.said, refusal.message, es);
              expect(words, refusal.message).not.toBe(refusal.message);
              expect(words).not.toMatch(/\b(the|first|already|only|point|is|are|and|lock|tag)\b/i);
              said += 1;
            }
    expect(said).toBeGreaterThan(1000);
  });
});

describe('where a lock is in use, in Spanish', () => {
  it('names the permit and point in the reader’s words', () => {
    const inUse = lockApplyRefusal(
      {
        serial: 'L-1',
        kind: 'padlock',
        status: 'in_use',
        ownerId: null,
        ownerName: null,
        assignedPermitId: 7,
        assignedPermitNumber: 'LOTO-7',
      },
      4,
      { id: 7 },
      say(lockWhereCaptions.atPoint, { number: 'LOTO-9', point: 'E-1' }),
    )!;
    expect(inUse.message).toBe('Lock L-1 is already applied on permit LOTO-9 at point E-1');
    expect(sayIn(inUse.said, inUse.message, es)).toBe(
      'El candado L-1 ya está puesto en el permiso LOTO-9 en el punto E-1',
    );
  });
});
