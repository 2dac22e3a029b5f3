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
  sayableCaptions,
  sayIn,
  type Caption,
  type PermitActor,
  type PermitFacts,
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
