import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, PermitQuestions } from '@hasp/contracts';
import { passingAnswer } from './support/permit-answers';
import { permitDraft } from './support/permit-draft';
import { deviceOf, signIn, type SyncDevice } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf, withGrantRevoked } from './support/permit-type-fixtures';

/**
 * Checklist answers given offline (decision 0064) over the real server and PostgreSQL: answers
 * queued with the request after them apply in order (the request's guard sees them), once;
 * another device's answer first makes this one a conflict record; an answer whose author lost the
 * permission while offline is rejected with the reason.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
const tokens: Record<string, string> = {};
let lotoId: number;
let n = 0;
const device = (username: string) => deviceOf(t.app, username, DEMO_PASSWORD);
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens.worker}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  tokens.worker = (await signIn(t.app, 'worker', DEMO_PASSWORD)).token;
  lotoId = await permitTypeIdOf(db(), 'LOTO');
});
afterAll(async () => t?.close());

/** A draft LOTO permit of the worker's and its request-stage questions as the device downloaded them. */
async function draft() {
  const created = await call('POST', '/api/permits', permitDraft(lotoId, { title: `Offline answers ${++n}` }));
  expect(created.statusCode, created.body).toBe(200);
  const permit = created.json<Permit>();
  const section = (await call('GET', `/api/permits/${permit.ID}/questions`)).json<PermitQuestions>();
  const request = section.stages.find((s) => s.stage === 'request')!;
  expect(request.questions.length).toBeGreaterThan(0);
  return { permit, version: section.version, questions: request.questions.map((q) => q.question) };
}

const answersOf = (permitId: number) =>
  db().selectFrom('question_answers').select(['question_id', 'answer']).where('permit_id', '=', permitId).execute();

function queueAnswers(
  d: SyncDevice,
  permitId: number,
  version: number,
  questions: Awaited<ReturnType<typeof draft>>['questions'],
) {
  for (const q of questions)
    d.queue(
      'permit-questions.answer',
      permitId,
      { questionId: q.questionID, stage: 'request', questionVersionId: q.ID, answer: passingAnswer(q) },
      version,
    );
}

describe('question answers given offline', () => {
  it('answers and then the request they allow apply in order, once; the same push again changes nothing', async () => {
    const { permit, version, questions } = await draft();
    const d = await device('worker');
    queueAnswers(d, permit.ID, version, questions);
    d.queue('permit.request', permit.ID, {}, permit.version);
    const commands = [...d.outbox];
    const pushed = (await d.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual(
      commands.map(() => ['applied', undefined]),
    );
    expect((await answersOf(permit.ID)).length).toBe(questions.length);
    const again = (await d.send(commands)).json<{ results: unknown }>();
    expect(again.results).toEqual(pushed.results);
    expect((await answersOf(permit.ID)).length).toBe(questions.length);
  });

  it('an answer changed twice offline before it synced: one chain, each change naming the answer before by its local id (decision 0067)', async () => {
    const { permit, version, questions } = await draft();
    // A yes/no/N.A. question: answered, changed to N.A., changed back (each a new answer).
    const q = questions.find((x) => x.answerType === 'yes_no_na' && x.blockingAnswer !== 'na')!;
    const values = [passingAnswer(q), 'na', passingAnswer(q)];
    const d = await device('worker');
    const ids = [randomUUID(), randomUUID(), randomUUID()].map((u) => `local:${u}`);
    const base = { questionId: q.questionID, stage: 'request' };
    d.queue(
      'permit-questions.answer',
      permit.ID,
      { ...base, questionVersionId: q.ID, answer: values[0], localId: ids[0] },
      version,
    );
    d.queue(
      'permit-questions.change-answer',
      permit.ID,
      { ...base, answerId: ids[0], answer: values[1], localId: ids[1] },
      version,
    );
    d.queue(
      'permit-questions.change-answer',
      permit.ID,
      { ...base, answerId: ids[1], answer: values[2], localId: ids[2] },
      version,
    );
    const commands = [...d.outbox];
    const pushed = (await d.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual(
      commands.map(() => ['applied', undefined]),
    );
    // Every answer is kept (a change is a new answer); the last is the question's answer now.
    expect((await answersOf(permit.ID)).filter((a) => a.question_id === q.questionID)).toHaveLength(3);
    const section = (await call('GET', `/api/permits/${permit.ID}/questions`)).json<PermitQuestions>();
    const now = section.stages
      .find((s) => s.stage === 'request')!
      .questions.find((x) => x.question.questionID === q.questionID)!;
    const last = (pushed.results[2]!.result as PermitQuestions).stages
      .find((s) => s.stage === 'request')!
      .questions.find((x) => x.question.questionID === q.questionID)!;
    expect(now.answer!.ID).toBe(last.answer!.ID);
    expect((await d.send(commands)).json<{ results: unknown }>().results).toEqual(pushed.results);
    expect((await answersOf(permit.ID)).filter((a) => a.question_id === q.questionID)).toHaveLength(3);
  });

  it("another device's answer first: this device's answer is a conflict record, not recorded", async () => {
    const { permit, version, questions } = await draft();
    const [first, second] = [await device('worker'), await device('worker')];
    queueAnswers(first, permit.ID, version, questions.slice(0, 1));
    queueAnswers(second, permit.ID, version, questions.slice(0, 1));
    expect((await first.push())!.results[0]!.outcome).toBe('applied');
    const lost = (await second.push())!.results[0]!;
    expect(lost).toMatchObject({ outcome: 'conflict', conflictId: expect.any(Number), error: { code: 'CONFLICT' } });
    expect(await answersOf(permit.ID)).toHaveLength(1);
  });

  it('R30: the permission to answer taken while offline: rejected with the reason', async () => {
    const { permit, version, questions } = await draft();
    const d = await device('worker');
    queueAnswers(d, permit.ID, version, questions.slice(0, 1));
    await withGrantRevoked(db(), { group: 'Authorized Workers', permission: 'permit:create:LOTO' }, async () => {
      const [result] = (await d.push())!.results;
      expect(result).toMatchObject({
        outcome: 'rejected',
        error: {
          code: 'FORBIDDEN',
          message: "You need the permission permit:create:LOTO or permit:issue:LOTO to answer this permit's questions.",
        },
      });
      expect(await answersOf(permit.ID)).toHaveLength(0);
    });
  });
});
