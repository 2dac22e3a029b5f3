import { describe, expect, it } from 'vitest';
import {
  captionKey,
  decide,
  permitCommands,
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
});
