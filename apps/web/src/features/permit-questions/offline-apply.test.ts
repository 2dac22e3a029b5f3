import { describe, expect, it } from 'vitest';
import type { PermitQuestions } from '@hasp/contracts';
import { baseVersionOf, localAlias } from '../../lib/offline-apply';
import { now, requester, worker, uuid, withQuestions, answer } from '../../test/offline-permit-fixtures';
import { answerQuestionOffline } from './offline-apply';

describe('question answers given on the device (decision 0064)', () => {
  it('answers by the server’s rules and words the stage’s problems again', () => {
    const result = answerQuestionOffline(withQuestions(), 'answer', answer('yes'), requester, now, uuid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stage = (result.data.sections.questions as PermitQuestions).stages[0]!;
    expect(stage.problems).toEqual([]);
    expect(stage.questions[0]!.answer).toEqual({
      ID: localAlias(uuid),
      value: 'yes',
      answeredBy: { ID: 3, displayName: 'Rae Requester' },
      answeredAt: now.toISOString(),
      localId: `local:${uuid}`,
    });
    expect(baseVersionOf(result.data, 'permit-questions.answer')).toBe(5);
    // Answered once: a second answer is refused in the server's words.
    expect(answerQuestionOffline(result.data, 'answer', answer('no'), requester, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('an answer given here is changed before it synced, and changed again: each change names the one before by its local id (decision 0067)', () => {
    const first = answerQuestionOffline(withQuestions(), 'answer', answer('yes'), requester, now, uuid);
    if (!first.ok) throw new Error(first.reason);
    expect(first.input).toEqual({ ...answer('yes'), localId: `local:${uuid}` });
    const second = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
    const change = { questionId: 30, stage: 'request', answerId: localAlias(uuid), answer: 'na' };
    const changed = answerQuestionOffline(first.data, 'change-answer', change, requester, now, second);
    if (!changed.ok) throw new Error(changed.reason);
    expect(changed.input).toEqual({ ...change, answerId: `local:${uuid}`, localId: `local:${second}` });
    const entry = (changed.data.sections.questions as PermitQuestions).stages[0]!.questions[0]!;
    expect(entry.answer).toMatchObject({ ID: localAlias(second), value: 'na' });
    // The page names the answer it shows now; the one it replaced is refused as stale, in the server's words.
    const third = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
    const again = answerQuestionOffline(
      changed.data,
      'change-answer',
      { ...change, answerId: localAlias(second), answer: 'yes' },
      requester,
      now,
      third,
    );
    expect(again.ok && again.input).toMatchObject({ answerId: `local:${second}`, localId: `local:${third}` });
    expect(answerQuestionOffline(changed.data, 'change-answer', change, requester, now, third)).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(/^Someone changed the answer/),
    });
    // Both are links of the questions' chain: based on the downloaded version.
    expect(baseVersionOf(changed.data, 'permit-questions.change-answer')).toBe(5);
  });

  it('a blocking answer is recorded and stops the step; a wrong type, a closed stage, no permission are refused', () => {
    const blocking = answerQuestionOffline(withQuestions(), 'answer', answer('no'), requester, now, uuid);
    expect(blocking.ok && (blocking.data.sections.questions as PermitQuestions).stages[0]!.problems).toEqual([
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    ]);
    expect(answerQuestionOffline(withQuestions(), 'answer', answer('maybe'), requester, now, uuid)).toEqual({
      ok: false,
      status: 422,
      reason: '"Is the area barricaded?": answer Yes, No or N.A.',
    });
    expect(
      answerQuestionOffline(withQuestions('approved'), 'answer', answer('yes'), requester, now, uuid),
    ).toMatchObject({
      ok: false,
      status: 409,
      reason: expect.stringMatching(
        /^The request questions can be answered only while the permit is Draft or Requested/,
      ),
    });
    expect(answerQuestionOffline(withQuestions(), 'answer', answer('yes'), worker, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});
