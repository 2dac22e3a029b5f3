import { describe, expect, it } from 'vitest';
import type { Caption } from './captions/define-captions';
import { permitStatusCaptions } from './captions/permits';
import {
  hazardRuleCaptions,
  planNextStepCaptions,
  plannedTagReason,
  tagReasonCaptions,
  tagReasonIn,
} from './captions/rules';
import { hazardEditProblem } from './hazard-analysis';
import { captionKey, sayIn, type Said } from './said';

// A reader's caption function with a few Spanish captions (the server's shipped ones say the same).
const spanish = new Map<string, string>([
  [
    captionKey(hazardRuleCaptions.notEditable),
    'El análisis solo cambia en {{editable}}; este permiso está en {{status}}.',
  ],
  [captionKey(hazardRuleCaptions.draftOrRequested), 'Borrador o Solicitado'],
  [captionKey(permitStatusCaptions.closed), 'Cerrado'],
  [captionKey(planNextStepCaptions.allVerified), 'Todos los puntos están verificados: aísle el permiso'],
  [captionKey(tagReasonCaptions.isolatedFor), 'Aislado para el permiso {{number}}'],
]);
const es = (caption: Caption, values: Record<string, string | number> = {}) =>
  (spanish.get(captionKey(caption)) ?? caption.defaultCaption).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    String(values[k] ?? `{{${k}}}`),
  );

const closed = { typeCode: 'LOTO', sections: ['hazard-analysis'], status: 'closed' as const, requesterId: 7 };
const mayCreate = new Set(['permit:view:LOTO', 'permit:create:LOTO']);

describe('what shared rules say, in the reader’s language', () => {
  it('a refusal keeps its English message and says the same in Spanish, the status a translated term', () => {
    const problem = hazardEditProblem(closed, 7, mayCreate)!;
    expect(problem.message).toBe(
      'The hazard analysis can change only while the permit is Draft or Requested; this permit is Closed.',
    );
    expect(sayIn(problem.said, problem.message, es)).toBe(
      'El análisis solo cambia en Borrador o Solicitado; este permiso está en Cerrado.',
    );
  });

  it('falls back to the English words for a caption this build does not know', () => {
    const unknown: Said = { caption: 'Message|Nowhere|nothing', values: {}, terms: {} };
    expect(sayIn(unknown, 'As the server said it', es)).toBe('As the server said it');
    expect(sayIn(null, 'As the server said it', es)).toBe('As the server said it');
  });

  it('recognizes the planned tag’s reason by its permit’s number, and leaves a person’s reason alone', () => {
    const t = es;
    expect(plannedTagReason('LOTO-26-0001').message).toBe('Isolated for permit LOTO-26-0001');
    expect(tagReasonIn('Isolated for permit LOTO-26-0001', 'LOTO-26-0001', t)).toBe(
      'Aislado para el permiso LOTO-26-0001',
    );
    expect(tagReasonIn('Isolated for permit LOTO-26-0002', 'LOTO-26-0001', t)).toBe('Isolated for permit LOTO-26-0002');
    expect(tagReasonIn('Motor rewind', 'LOTO-26-0001', t)).toBe('Motor rewind');
  });
});
