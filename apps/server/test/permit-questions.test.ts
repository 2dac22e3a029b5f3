import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Permit,
  PermitCommand,
  PermitQuestions,
  QuestionDetail,
  QuestionInput,
  QuestionStage,
} from '@hasp/contracts';
import { countPermitFacts } from '../src/modules/permit-questions';
import { permitContentHash } from '../src/modules/permits';
import { findPermit } from '../src/modules/permits/permit.repository';
import { permitCore } from './support/permit-draft';
import { createTestApp, login, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * The checklist questions on a permit over HTTP on the real server: each stage's
 * guard (mandatory answered, blocking answer named with the question), approval re-checking the
 * request answers, the wording kept after a new version, stage windows, bad input named, facility
 * scoping, idempotent replays, who may answer, and the signed `request-answers` content.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let gen: number;
const q: Record<string, QuestionDetail> = {};

const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
// Approving is an electronic signature: the approver's password signs the stage.
const command = (as: string, id: number, verb: PermitCommand, body: object = {}) =>
  call(as, 'POST', `/api/permits/${id}/commands/${verb}`, signedBody(verb, body));
const section = async (as: string, id: number) => {
  const response = await call(as, 'GET', `/api/permits/${id}/questions`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermitQuestions>();
};
const answer = (as: string, id: number, key: string, stage: QuestionStage, value: string, headers: object = {}) =>
  call(
    as,
    'POST',
    `/api/permits/${id}/questions/commands/answer`,
    { questionId: q[key]!.ID, stage, questionVersionId: q[key]!.current.ID, answer: value },
    headers,
  );
const answerOf = (s: PermitQuestions, key: string) =>
  s.stages.flatMap((x) => x.questions).find((x) => x.question.questionID === q[key]!.ID)!;
const change = async (as: string, id: number, key: string, stage: QuestionStage, value: string) => {
  const current = answerOf(await section(as, id), key).answer!;
  return call(as, 'POST', `/api/permits/${id}/questions/commands/change-answer`, {
    questionId: q[key]!.ID,
    stage,
    answerId: current.ID,
    answer: value,
  });
};
const expectOk = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermitQuestions>();
};
const expectRefused = (response: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string }>().message).toBe(message);
};

const yesNo = (text: string, blockingAnswer: string | null, isMandatory = true): QuestionInput => ({
  text,
  answerType: 'yes_no_na',
  choices: [],
  isMandatory,
  blockingAnswer,
  minValue: null,
  maxValue: null,
});

/** A new GEN draft by the worker, held by the contractor, begun five minutes ago (accept waits for the start). */
async function draft(): Promise<number> {
  const response = await call('worker', 'POST', '/api/permits', {
    permitTypeId: gen,
    ...permitCore({ holderId: ids.contractor!, plannedStart: new Date(Date.now() - 5 * 60_000).toISOString() }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>().ID;
}

async function walk(id: number, steps: [string, PermitCommand][]) {
  for (const [as, verb] of steps) {
    const response = await command(as, id, verb);
    expect(response.statusCode, `${as} ${verb}: ${response.body}`).toBe(200);
  }
}

/** A draft with its request questions answered, requested and approved. */
async function approved(): Promise<number> {
  const id = await draft();
  await expectOk(await answer('worker', id, 'barricaded', 'request', 'yes'));
  await walk(id, [
    ['worker', 'request'],
    ['supervisor', 'approve'],
  ]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker', 'contractor']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  gen = await permitTypeIdOf(db(), 'GEN');
  const inputs: Record<string, QuestionInput> = {
    barricaded: yesNo('Is the area barricaded?', 'no'),
    extinguisher: { ...yesNo('Nearest fire extinguisher', null, false), answerType: 'text' },
    oxygen: { ...yesNo('Oxygen reading (%)', null), answerType: 'number', minValue: 19.5, maxValue: 23.5 },
    briefed: yesNo('Crew briefed on the job?', 'no'),
    left: {
      ...yesNo('How was the area left?', 'Needs cleaning'),
      answerType: 'choice',
      choices: ['Clean', 'Needs cleaning'],
    },
  };
  for (const [key, input] of Object.entries(inputs)) {
    const response = await call('admin', 'POST', '/api/questions', input);
    expect(response.statusCode, response.body).toBe(200);
    q[key] = response.json<QuestionDetail>();
  }
  const forms: [QuestionStage, string[]][] = [
    ['request', ['barricaded', 'extinguisher']],
    ['issue', ['oxygen']],
    ['acceptance', ['briefed']],
    ['close-out', ['left']],
  ];
  for (const [stage, keys] of forms) {
    const response = await call('admin', 'PUT', '/api/questions/form', {
      permitTypeId: gen,
      stage,
      questionIDs: keys.map((k) => q[k]!.ID),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('questions on a permit', () => {
  it('shows the type’s questions by stage, each open while its stage is current or coming', async () => {
    const id = await draft();
    const s = await section('worker', id);
    expect(s.canAnswer).toBe(true);
    expect(s.stages.map((x) => [x.stage, x.isOpen, x.questions.map((y) => y.question.text)])).toEqual([
      ['request', true, ['Is the area barricaded?', 'Nearest fire extinguisher']],
      ['issue', true, ['Oxygen reading (%)']],
      ['acceptance', true, ['Crew briefed on the job?']],
      ['close-out', false, ['How was the area left?']],
    ]);
    expect(s.stages[0]!.problems).toEqual([
      'Question "Is the area barricaded?" must be answered before the permit is requested.',
    ]);
  });

  it('refuses the request while a mandatory question is unanswered, naming it (the button stays)', async () => {
    const id = await draft();
    const permit = (await call('worker', 'GET', `/api/permits/${id}`)).json<Permit>();
    expect(permit.allowedCommands).toContain('request');
    expectRefused(
      await command('worker', id, 'request'),
      409,
      'Question "Is the area barricaded?" must be answered before the permit is requested.',
    );
    // The optional question may stay unanswered.
    await expectOk(await answer('worker', id, 'barricaded', 'request', 'yes'));
    await walk(id, [['worker', 'request']]);
  });

  it('a blocking answer stops the request naming the question and the answer; a changed answer lets it through', async () => {
    const id = await draft();
    const s = await expectOk(await answer('worker', id, 'barricaded', 'request', 'no'));
    expect(s.stages[0]!.problems).toEqual([
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    ]);
    expectRefused(
      await command('worker', id, 'request'),
      409,
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    );
    expect(
      (await db().selectFrom('permits').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    ).toBe('draft');
    await expectOk(await change('worker', id, 'barricaded', 'request', 'yes'));
    await walk(id, [['worker', 'request']]);
  });

  it('approval checks the request answers again (they may change while Requested)', async () => {
    const id = await draft();
    await expectOk(await answer('worker', id, 'barricaded', 'request', 'yes'));
    await walk(id, [['worker', 'request']]);
    await expectOk(await change('worker', id, 'barricaded', 'request', 'no'));
    expectRefused(
      await command('supervisor', id, 'approve'),
      409,
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    );
    await expectOk(await change('worker', id, 'barricaded', 'request', 'yes'));
    await walk(id, [['supervisor', 'approve']]);
  });

  it('issue, accept and close each need their own stage answered, none blocking', async () => {
    const id = await approved();
    await walk(id, [['supervisor', 'isolate']]);
    expectRefused(
      await command('admin', id, 'issue'),
      409,
      'Question "Oxygen reading (%)" must be answered before the permit is issued.',
    );
    await expectOk(await answer('admin', id, 'oxygen', 'issue', '20.9'));
    await walk(id, [['admin', 'issue']]);
    // The holder answers the acceptance questions (and no other stage's).
    expectRefused(
      await answer('contractor', id, 'barricaded', 'request', 'yes'),
      403,
      "You need the permission permit:create:GEN or permit:issue:GEN to answer this permit's questions.",
    );
    await expectOk(await answer('contractor', id, 'briefed', 'acceptance', 'no'));
    expectRefused(
      await command('contractor', id, 'accept'),
      409,
      'Question "Crew briefed on the job?" is answered "No": this answer stops the permit from being accepted.',
    );
    await expectOk(await change('contractor', id, 'briefed', 'acceptance', 'yes'));
    await walk(id, [
      ['contractor', 'accept'],
      ['contractor', 'complete-work'],
      ['supervisor', 'de-isolate'],
    ]);
    expectRefused(
      await command('supervisor', id, 'close'),
      409,
      'Question "How was the area left?" must be answered before the permit is closed.',
    );
    await expectOk(await answer('supervisor', id, 'left', 'close-out', 'Needs cleaning'));
    expectRefused(
      await command('supervisor', id, 'close'),
      409,
      'Question "How was the area left?" is answered "Needs cleaning": this answer stops the permit from being closed.',
    );
    await expectOk(await change('supervisor', id, 'left', 'close-out', 'Clean'));
    await walk(id, [['supervisor', 'close']]);
  });

  it('refuses answers outside their stage’s window, naming the window', async () => {
    const id = await approved();
    expectRefused(
      await answer('supervisor', id, 'left', 'close-out', 'Clean'),
      409,
      'The close-out questions can be answered only while the permit is Work complete or De-isolation; it is Approved.',
    );
    expectRefused(
      await change('worker', id, 'barricaded', 'request', 'no'),
      409,
      'The request questions can be answered only while the permit is Draft or Requested; it is Approved.',
    );
    const s = await section('worker', id);
    expect(s.stages.map((x) => [x.stage, x.isOpen])).toEqual([
      ['request', false],
      ['issue', true],
      ['acceptance', true],
      ['close-out', false],
    ]);
  });

  it('keeps the wording answered after the question gets a new version; unanswered ones show the current one', async () => {
    const answered = await draft();
    const unanswered = await draft();
    await expectOk(await answer('worker', answered, 'barricaded', 'request', 'yes'));
    const edited = await call('admin', 'PUT', `/api/questions/${q.barricaded!.ID}`, {
      ...yesNo('Is the whole work area barricaded and signed?', 'no'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const kept = answerOf(await section('worker', answered), 'barricaded');
    expect(kept.question.text).toBe('Is the area barricaded?');
    expect(kept.question.version).toBe(1);
    expect(answerOf(await section('worker', unanswered), 'barricaded').question.text).toBe(
      'Is the whole work area barricaded and signed?',
    );
    // A change keeps the version first answered; the refusal quotes the wording the permit shows.
    await expectOk(await change('worker', answered, 'barricaded', 'request', 'no'));
    expect(answerOf(await section('worker', answered), 'barricaded').question.version).toBe(1);
    expectRefused(
      await command('worker', answered, 'request'),
      409,
      'Question "Is the area barricaded?" is answered "No": this answer stops the permit from being requested.',
    );
    // A first answer given to the version the screen showed keeps that version, even if older.
    const shownOld = await call('worker', 'POST', `/api/permits/${unanswered}/questions/commands/answer`, {
      questionId: q.barricaded!.ID,
      stage: 'request',
      questionVersionId: q.barricaded!.current.ID,
      answer: 'yes',
    });
    expect(answerOf(await expectOk(shownOld), 'barricaded').question.text).toBe('Is the area barricaded?');
    q.barricaded = edited.json<QuestionDetail>();
  });

  it('names bad input: a number outside its range, a wrong type, a choice not offered, a question not asked', async () => {
    const id = await approved();
    const refusal = (response: Awaited<ReturnType<typeof call>>) => {
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ details: { field: string; message: string }[] }>().details;
    };
    expect(refusal(await answer('admin', id, 'oxygen', 'issue', '25'))).toEqual([
      { field: 'answer', message: '"Oxygen reading (%)": answer with a number between 19.5 and 23.5 (25 is outside).' },
    ]);
    expect(refusal(await answer('admin', id, 'oxygen', 'issue', 'plenty'))).toEqual([
      { field: 'answer', message: '"Oxygen reading (%)": answer with a number' },
    ]);
    expect(refusal(await answer('admin', id, 'oxygen', 'issue', ' '))[0]!.field).toBe('answer');
    expect(refusal(await answer('admin', id, 'briefed', 'issue', 'yes'))).toEqual([
      { field: 'questionId', message: 'This permit asks no such question at the issue stage.' },
    ]);
    expect(
      refusal(
        await call('admin', 'POST', `/api/permits/${id}/questions/commands/answer`, {
          questionId: q.oxygen!.ID,
          stage: 'issue',
          questionVersionId: q.briefed!.current.ID,
          answer: '20',
        }),
      ),
    ).toEqual([{ field: 'questionVersionId', message: 'Not a version of this question.' }]);
    const later = await draft();
    const choice = await call('worker', 'POST', `/api/permits/${later}/questions/commands/answer`, {
      questionId: q.briefed!.ID,
      stage: 'acceptance',
      questionVersionId: q.briefed!.current.ID,
      answer: 'perhaps',
    });
    expect(refusal(choice)).toEqual([
      { field: 'answer', message: '"Crew briefed on the job?": answer Yes, No or N.A.' },
    ]);
    // Nothing of the refused answers was kept.
    expect((await section('admin', id)).version).toBe(1);
  });

  it('a second answer to an answered question, and a change over a newer answer, are refused', async () => {
    const id = await draft();
    await expectOk(await answer('worker', id, 'barricaded', 'request', 'yes'));
    expectRefused(
      await answer('worker', id, 'barricaded', 'request', 'no'),
      409,
      '"Is the whole work area barricaded and signed?" is already answered ("yes", by Wren Worker): change the answer instead.',
    );
    const seen = answerOf(await section('worker', id), 'barricaded').answer!;
    await expectOk(await change('worker', id, 'barricaded', 'request', 'na'));
    const stale = await call('worker', 'POST', `/api/permits/${id}/questions/commands/change-answer`, {
      questionId: q.barricaded!.ID,
      stage: 'request',
      answerId: seen.ID,
      answer: 'no',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toContain('first: it is now "na"');
  });

  it('applies a replayed answer once, and audits each answer and change', async () => {
    const id = await draft();
    const key = { 'idempotency-key': `answer-${id}` };
    const first = await answer('worker', id, 'barricaded', 'request', 'yes', key);
    const again = await answer('worker', id, 'barricaded', 'request', 'yes', key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    await expectOk(await change('worker', id, 'barricaded', 'request', 'no'));
    const rows = await db()
      .selectFrom('question_answers')
      .select(['answer', 'question_version_id'])
      .where('permit_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.answer)).toEqual(['yes', 'no']);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'permit-questions')
      .where('entity_id', '=', String(id))
      .where('action', 'like', 'permit-questions.%')
      .orderBy('id')
      .execute();
    expect(
      audit.map((a) => [
        a.action,
        (a.before as { answer?: string } | null)?.answer ?? null,
        (a.after as { answer: string }).answer,
      ]),
    ).toEqual([
      ['permit-questions.answer', null, 'yes'],
      ['permit-questions.change-answer', 'yes', 'no'],
    ]);
    // An If-Match older than the section's version is stale.
    const stale = await call(
      'worker',
      'POST',
      `/api/permits/${id}/questions/commands/answer`,
      {
        questionId: q.extinguisher!.ID,
        stage: 'request',
        questionVersionId: q.extinguisher!.current.ID,
        answer: 'By the door',
      },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(409);
  });

  it('offers the value of the fact a question is answered from; the answer saved is the user’s, audited beside it', async () => {
    // Only a number question is answered from a count.
    const refused = await call('admin', 'POST', '/api/questions', {
      ...yesNo('Lockbox checked?', null),
      fact: 'personal-locks-on-lockbox',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual(['fact']);
    const created = await call('admin', 'POST', '/api/questions', {
      ...yesNo('Personal locks on the group lockbox (confirm at the box)', null, false),
      answerType: 'number',
      fact: 'personal-locks-on-lockbox',
    });
    expect(created.statusCode, created.body).toBe(200);
    q.onBox = created.json<QuestionDetail>();
    expect(q.onBox.current.fact).toBe('personal-locks-on-lockbox');
    const form = (keys: string[]) =>
      call('admin', 'PUT', '/api/questions/form', {
        permitTypeId: gen,
        stage: 'request',
        questionIDs: keys.map((k) => q[k]!.ID),
      });
    expect((await form(['barricaded', 'extinguisher', 'onBox'])).statusCode).toBe(200);
    try {
      const id = await draft();
      expect(answerOf(await section('worker', id), 'onBox').prefill).toEqual({
        fact: 'personal-locks-on-lockbox',
        value: 0,
      });
      // Three personal locks on the permit's group lockbox, of two people; a fourth taken off.
      const lockbox = await db()
        .insertInto('lockboxes')
        .values({ facility_id: 1, permit_id: id, number: `QB-${id}`, primary_user_id: ids.worker! })
        .returning('id')
        .executeTakeFirstOrThrow();
      const people = [ids.worker!, ids.worker!, ids.contractor!, ids.contractor!];
      for (const [i, person] of people.entries()) {
        const lock = await db()
          .insertInto('locks')
          .values({ facility_id: 1, serial: `Q-${id}-${i}`, kind: 'padlock', owner_id: person })
          .returning('id')
          .executeTakeFirstOrThrow();
        const removed = i === 3 ? { removed_at: new Date(), removed_by: person, removal: 'removed' as const } : {};
        await db()
          .insertInto('lock_applications')
          .values({
            facility_id: 1,
            lock_id: lock.id,
            permit_id: id,
            lockbox_id: lockbox.id,
            applied_by: person,
            applied_at: new Date(),
            ...removed,
          })
          .execute();
      }
      const shown = answerOf(await section('worker', id), 'onBox');
      expect(shown.prefill).toEqual({ fact: 'personal-locks-on-lockbox', value: 3 });
      expect(shown.answer).toBeNull();
      expect(await countPermitFacts(db(), 1, id)).toMatchObject({
        'personal-locks-on-lockbox': 3,
        'crew-signed-on': 2,
      });
      // Another facility's count never reaches into this permit's record.
      expect(await countPermitFacts(db(), 2, id)).toEqual({
        'locks-on-points': 0,
        'points-isolated': 0,
        'personal-locks-on-lockbox': 0,
        'crew-signed-on': 0,
      });
      // The worker counts two at the box: their answer is recorded, the record's value beside it in the audit.
      const saved = await expectOk(await answer('worker', id, 'onBox', 'request', '2'));
      expect(answerOf(saved, 'onBox').answer).toMatchObject({ value: '2', answeredBy: { ID: ids.worker } });
      expect(answerOf(saved, 'onBox').prefill).toEqual({ fact: 'personal-locks-on-lockbox', value: 3 });
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('entity_type', '=', 'permit-questions')
        .where('entity_id', '=', String(id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        action: 'permit-questions.answer',
        after: { answer: '2', fromRecord: { fact: 'personal-locks-on-lockbox', value: 3 } },
      });
    } finally {
      expect((await form(['barricaded', 'extinguisher'])).statusCode).toBe(200);
    }
  });

  it('is scoped by facility and by the type’s sections', async () => {
    const id = await draft();
    expect((await call('adminRiverside', 'GET', `/api/permits/${id}/questions`)).statusCode).toBe(404);
    expect((await answer('adminRiverside', id, 'barricaded', 'request', 'yes')).statusCode).toBe(404);
    expect(await db().selectFrom('question_answers').select('id').where('permit_id', '=', id).execute()).toEqual([]);
    // A type without the Questions section: no section, and its questions guard nothing.
    const sections = async (value: string[]) =>
      db().updateTable('permit_types').set({ sections: value }).where('id', '=', gen).execute();
    const before = (
      await db().selectFrom('permit_types').select('sections').where('id', '=', gen).executeTakeFirstOrThrow()
    ).sections;
    await sections(before.filter((x) => x !== 'questions'));
    try {
      const plain = await draft();
      expect((await call('worker', 'GET', `/api/permits/${plain}/questions`)).statusCode).toBe(404);
      expectRefused(
        await answer('worker', plain, 'barricaded', 'request', 'yes'),
        409,
        'This type of permit asks no questions.',
      );
      expect((await command('worker', plain, 'request')).statusCode).toBe(200);
    } finally {
      await sections(before);
    }
  });

  it('signs the request answers with their wording: a change moves the hash, an issue answer does not', async () => {
    const id = await draft();
    const hash = async () => permitContentHash(db(), (await findPermit(db(), 1, id))!);
    const empty = await hash();
    await expectOk(await answer('worker', id, 'barricaded', 'request', 'yes'));
    const answeredHash = await hash();
    expect(answeredHash).not.toBe(empty);
    await expectOk(await answer('worker', id, 'oxygen', 'issue', '21'));
    expect(await hash()).toBe(answeredHash);
    await expectOk(await change('worker', id, 'barricaded', 'request', 'na'));
    expect(await hash()).not.toBe(answeredHash);
  });
});
