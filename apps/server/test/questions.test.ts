import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDetail, QuestionForm, QuestionInput, QuestionSummary, QuestionVersion } from '@hasp/contracts';
import { evaluateAnswers } from '../src/modules/questions/evaluate-answers';
import { listAnswersOf } from '../src/modules/questions/questions.repository';
import { recordAnswers } from '../src/modules/questions/questions.service';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Question Manage over the real server and PostgreSQL: every input rule, versions (an edit adds
 * one, an unchanged edit none, answered records keep their wording), assignments to permit forms,
 * answer evaluation, facility scoping and the permission.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
let loto = 0;
let hot = 0;
let riversideLoto = 0;
let adminId = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (as: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[as]}` }, ...(payload ? { payload } : {}) });

const base: QuestionInput = {
  text: 'Lockbox sealed?',
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: 'no',
  minValue: null,
  maxValue: null,
};
let counter = 0;
const uniqueText = (text: string) => `${text} #${++counter}`;

async function create(input: Partial<QuestionInput> = {}): Promise<QuestionDetail> {
  const response = await call('admin', 'POST', '/api/questions', { ...base, text: uniqueText(base.text), ...input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuestionDetail>();
}

const permitTypeId = async (facilityId: number, code: string) =>
  (
    await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;

const form = async (as: string, typeId: number, stage: string) => {
  const response = await call(as, 'GET', `/api/questions/form?permitTypeId=${typeId}&stage=${stage}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuestionForm>();
};

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  loto = await permitTypeId(1, 'LOTO');
  hot = await permitTypeId(1, 'HOT');
  riversideLoto = await permitTypeId(2, 'LOTO');
  adminId = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('the demo questions', () => {
  it('asks the LOTO issue stage its seeded questions, in order', async () => {
    const issue = await form('admin', loto, 'issue');
    const texts = issue.questions.map((q) => q.text);
    expect(texts).toEqual(expect.arrayContaining(['Area barricaded?', 'Zero energy verified by try-out?']));
    expect(texts.indexOf('Area barricaded?')).toBeLessThan(texts.indexOf('Zero energy verified by try-out?'));
    expect(issue.questions.find((q) => q.text === 'Area barricaded?')).toMatchObject({
      answerType: 'yes_no_na',
      blockingAnswer: 'no',
      isMandatory: true,
      version: 1,
    });
    const request = await form('admin', loto, 'request');
    expect(request.questions.map((q) => q.text)).toContain('Have all affected employees been notified?');
  });

  it('ships the demo wording in Spanish through the captions', async () => {
    const issue = await form('admin', loto, 'issue');
    const barricaded = issue.questions.find((q) => q.text === 'Area barricaded?')!;
    const es = (await t.app.inject({ url: '/api/i18n/resources?connectionStringName=Demo&languageCode=es' })).json<
      Record<string, Record<string, Record<string, string>>>
    >();
    expect(es.question?.[`question-${barricaded.questionID}`]?.v1).toBe('¿Área acordonada?');
  });
});

describe('creating a question', () => {
  it('stores version 1, registers its wording as a caption, and audits it', async () => {
    const created = await create({
      text: uniqueText('Isolation method'),
      answerType: 'choice',
      choices: ['Locked', 'Tagged', 'Not isolated'],
      blockingAnswer: 'Not isolated',
    });
    expect(created.current).toMatchObject({ version: 1, choices: ['Locked', 'Tagged', 'Not isolated'] });
    expect(created.current.createdBy).toBe('Alex Admin');
    expect(created.versions).toHaveLength(1);
    const captions = await db()
      .selectFrom('captions')
      .select(['control_name', 'default_caption'])
      .where('item_type', '=', 'question')
      .where('form_name', '=', `question-${created.ID}`)
      .orderBy('control_name')
      .execute();
    expect(captions).toEqual([
      { control_name: 'v1', default_caption: created.current.text },
      { control_name: 'v1::choice-1', default_caption: 'Locked' },
      { control_name: 'v1::choice-2', default_caption: 'Tagged' },
      { control_name: 'v1::choice-3', default_caption: 'Not isolated' },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'facility_id'])
      .where('entity_type', '=', 'question')
      .where('entity_id', '=', String(created.ID))
      .execute();
    expect(audit).toEqual([{ action: 'question.create', user_id: adminId, facility_id: 1 }]);
  });

  it.each<[string, Partial<QuestionInput>, string, number?]>([
    ['an empty text', { text: '  ' }, 'text'],
    ['an unknown answer type', { answerType: 'essay' as never }, 'answerType'],
    ['a choice question with one choice', { answerType: 'choice', choices: ['Only'], blockingAnswer: null }, 'choices'],
    ['a choice listed twice', { answerType: 'choice', choices: ['Locked', 'locked'], blockingAnswer: null }, 'choices'],
    ['an empty choice', { answerType: 'choice', choices: ['A', ' '], blockingAnswer: null }, 'choices'],
    ['choices on a yes/no question', { choices: ['A', 'B'] }, 'choices'],
    ['a yes/no blocking answer that is not yes, no or N.A.', { blockingAnswer: 'maybe' }, 'blockingAnswer'],
    [
      'a choice blocking answer that is not a choice',
      { answerType: 'choice', choices: ['A', 'B'], blockingAnswer: 'C' },
      'blockingAnswer',
    ],
    ['a blocking answer on a text question', { answerType: 'text', blockingAnswer: 'x' }, 'blockingAnswer'],
    ['a blocking answer on a number question', { answerType: 'number', blockingAnswer: '3' }, 'blockingAnswer'],
    ['a minimum on a yes/no question', { minValue: 1 }, 'minValue'],
    ['a maximum on a date question', { answerType: 'date', blockingAnswer: null, maxValue: 3 }, 'maxValue'],
    [
      'a minimum above the maximum',
      { answerType: 'number', blockingAnswer: null, minValue: 5, maxValue: 4 },
      'maxValue',
    ],
    ['the text of another active question', { text: 'Area barricaded?' }, 'text', 409],
  ])('refuses %s, naming the field', async (_rule, input, field, status = 400) => {
    const before = await db()
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await call('admin', 'POST', '/api/questions', { ...base, text: uniqueText('Rule'), ...input });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ message: string; details: { field: string; message: string }[] }>();
    expect(body.details.map((d) => d.field.split('.')[0])).toContain(field);
    const after = await db()
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('accepts a number question with only a minimum, and an empty blocking answer as none', async () => {
    const created = await create({ answerType: 'number', blockingAnswer: '', minValue: 1 });
    expect(created.current).toMatchObject({ minValue: 1, maxValue: null, blockingAnswer: null });
  });
});

describe('editing a question', () => {
  it('adds version 2 and keeps version 1 as it was; an unchanged edit adds none', async () => {
    const created = await create();
    const v1 = created.current;
    const edited = await call('admin', 'PUT', `/api/questions/${created.ID}`, {
      ...base,
      text: `${v1.text} (all entries)`,
      blockingAnswer: 'no',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const detail = edited.json<QuestionDetail>();
    expect(detail.current.version).toBe(2);
    expect(detail.versions.map((v) => [v.version, v.text])).toEqual([
      [2, `${v1.text} (all entries)`],
      [1, v1.text],
    ]);
    expect(detail.versions[1]).toEqual(v1);

    const again = await call('admin', 'PUT', `/api/questions/${created.ID}`, {
      ...base,
      text: `  ${v1.text} (all entries) `,
    });
    expect(again.json<QuestionDetail>().versions).toHaveLength(2);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'question')
      .where('entity_id', '=', String(created.ID))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['question.create', 'question.update']);
    const v2Caption = await db()
      .selectFrom('captions')
      .select('default_caption')
      .where('form_name', '=', `question-${created.ID}`)
      .where('control_name', '=', 'v2')
      .executeTakeFirst();
    expect(v2Caption?.default_caption).toBe(`${v1.text} (all entries)`);
  });

  it('refuses an edit that breaks a rule, leaving the question as it was', async () => {
    const created = await create();
    const response = await call('admin', 'PUT', `/api/questions/${created.ID}`, { ...base, blockingAnswer: 'later' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { field: string }[] }>().details[0]!.field).toBe('blockingAnswer');
    const detail = (await call('admin', 'GET', `/api/questions/${created.ID}`)).json<QuestionDetail>();
    expect(detail.versions).toHaveLength(1);
  });

  it('never lets the database change or delete a version', async () => {
    const created = await create();
    await expect(
      db().updateTable('question_versions').set({ text: 'Tampered' }).where('id', '=', created.current.ID).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(db().deleteFrom('question_versions').where('id', '=', created.current.ID).execute()).rejects.toThrow(
      /immutable/,
    );
  });

  it('does not change what an answered record shows', async () => {
    const created = await create({ text: uniqueText('Guards replaced?') });
    const caller = { facilityId: 1, userId: adminId };
    const evaluation = await recordAnswers(db(), caller, 'LOTO-000123', [
      { questionVersionID: created.current.ID, answer: 'yes' },
    ]);
    expect(evaluation.isBlocked).toBe(false);
    await call('admin', 'PUT', `/api/questions/${created.ID}`, {
      ...base,
      text: 'Machine guards replaced and secured?',
      blockingAnswer: null,
    });
    const answered = await listAnswersOf(db(), 1, 'LOTO-000123');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ answer: 'yes', answeredBy: 'Alex Admin' });
    expect(answered[0]!.question).toMatchObject({ version: 1, text: created.current.text, blockingAnswer: 'no' });
    const detail = (await call('admin', 'GET', `/api/questions/${created.ID}`)).json<QuestionDetail>();
    expect(detail.current).toMatchObject({ version: 2, text: 'Machine guards replaced and secured?' });
  });

  it('records a blocking answer with its reason, and refuses an answer that is not of its type', async () => {
    const created = await create();
    const caller = { facilityId: 1, userId: adminId };
    const blocked = await recordAnswers(db(), caller, 'LOTO-000124', [
      { questionVersionID: created.current.ID, answer: 'no' },
    ]);
    expect(blocked.isBlocked).toBe(true);
    expect(blocked.problems[0]).toMatchObject({ kind: 'blocking', questionID: created.ID });
    await expect(
      recordAnswers(db(), caller, 'LOTO-000125', [{ questionVersionID: created.current.ID, answer: 'perhaps' }]),
    ).rejects.toMatchObject({ statusCode: 400 });
    // Another facility's version is not found.
    await expect(
      recordAnswers(db(), { facilityId: 2, userId: adminId }, 'X', [
        { questionVersionID: created.current.ID, answer: 'yes' },
      ]),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await listAnswersOf(db(), 1, 'LOTO-000125')).toEqual([]);
  });
});

describe('permit forms', () => {
  it('assigns, reorders and unassigns in one save, audited', async () => {
    const a = await create();
    const b = await create();
    const put = (ids: number[]) =>
      call('admin', 'PUT', '/api/questions/form', { permitTypeId: hot, stage: 'acceptance', questionIDs: ids });
    expect((await put([a.ID, b.ID])).statusCode).toBe(200);
    expect((await form('admin', hot, 'acceptance')).questions.map((q) => q.questionID)).toEqual([a.ID, b.ID]);
    const reordered = await put([b.ID, a.ID]);
    expect(reordered.json<QuestionForm>().questions.map((q) => q.questionID)).toEqual([b.ID, a.ID]);
    expect((await put([a.ID])).json<QuestionForm>().questions.map((q) => q.questionID)).toEqual([a.ID]);
    const detail = (await call('admin', 'GET', `/api/questions/${a.ID}`)).json<QuestionDetail>();
    expect(detail.assignments).toEqual([
      {
        permitTypeID: hot,
        permitTypeCode: 'HOT',
        permitTypeName: expect.any(String),
        stage: 'acceptance',
        sortOrder: 0,
      },
    ]);
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'question.assignments.update')
      .where('entity_id', '=', 'HOT:acceptance')
      .execute();
    expect(audits).toHaveLength(3);
  });

  it('filters the list by permit type and stage, in the form order', async () => {
    const a = await create();
    const b = await create();
    await call('admin', 'PUT', '/api/questions/form', {
      permitTypeId: hot,
      stage: 'close-out',
      questionIDs: [b.ID, a.ID],
    });
    const list = await call('admin', 'GET', `/api/questions?permitTypeId=${hot}&stage=close-out`);
    expect(list.json<QuestionSummary[]>().map((q) => q.ID)).toEqual([b.ID, a.ID]);
    const byType = (await call('admin', 'GET', `/api/questions?permitTypeId=${hot}`)).json<QuestionSummary[]>();
    expect(byType.map((q) => q.ID)).toEqual(expect.arrayContaining([a.ID, b.ID]));
    const byStage = (await call('admin', 'GET', '/api/questions?stage=acceptance')).json<QuestionSummary[]>();
    expect(byStage.every((q) => q.assignments.some((x) => x.stage === 'acceptance'))).toBe(true);
  });

  it('refuses a question listed twice, an inactive or unknown question, and another facility’s type', async () => {
    const a = await create();
    const twice = await call('admin', 'PUT', '/api/questions/form', {
      permitTypeId: hot,
      stage: 'request',
      questionIDs: [a.ID, a.ID],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ details: { field: string }[] }>().details[0]!.field).toBe('questionIDs');
    await call('admin', 'PUT', `/api/questions/${a.ID}/status`, { isActive: false });
    const inactive = await call('admin', 'PUT', '/api/questions/form', {
      permitTypeId: hot,
      stage: 'request',
      questionIDs: [a.ID],
    });
    expect(inactive.statusCode).toBe(400);
    const otherType = await call('admin', 'PUT', '/api/questions/form', {
      permitTypeId: riversideLoto,
      stage: 'request',
      questionIDs: [],
    });
    expect(otherType.statusCode).toBe(404);
    const badStage = await call('admin', 'GET', `/api/questions/form?permitTypeId=${hot}&stage=approval`);
    expect(badStage.statusCode).toBe(400);
  });

  it('asks a deactivated question on no form, and again once it is active', async () => {
    const a = await create();
    await call('admin', 'PUT', '/api/questions/form', { permitTypeId: hot, stage: 'issue', questionIDs: [a.ID] });
    const off = await call('admin', 'PUT', `/api/questions/${a.ID}/status`, { isActive: false });
    expect(off.json<QuestionDetail>().isActive).toBe(false);
    expect((await form('worker', hot, 'issue')).questions.map((q) => q.questionID)).not.toContain(a.ID);
    const active = (await call('admin', 'GET', '/api/questions')).json<QuestionSummary[]>();
    expect(active.map((q) => q.ID)).not.toContain(a.ID);
    const all = (await call('admin', 'GET', '/api/questions?includeInactive=true')).json<QuestionSummary[]>();
    expect(all.find((q) => q.ID === a.ID)?.isActive).toBe(false);
    // Saving the form without it keeps its (inactive) assignment.
    await call('admin', 'PUT', '/api/questions/form', { permitTypeId: hot, stage: 'issue', questionIDs: [] });
    await call('admin', 'PUT', `/api/questions/${a.ID}/status`, { isActive: true });
    expect((await form('worker', hot, 'issue')).questions.map((q) => q.questionID)).toContain(a.ID);
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'question')
      .where('entity_id', '=', String(a.ID))
      .orderBy('id')
      .execute();
    expect(audits.map((x) => x.action)).toEqual(['question.create', 'question.deactivate', 'question.activate']);
  });
});

describe('translations', () => {
  it('shows a Spanish preferred caption for the current version’s wording', async () => {
    const created = await create({ text: uniqueText('Lockout devices inspected?') });
    const caption = await db()
      .selectFrom('captions')
      .select('id')
      .where('item_type', '=', 'question')
      .where('form_name', '=', `question-${created.ID}`)
      .where('control_name', '=', 'v1')
      .executeTakeFirstOrThrow();
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    const saved = await call('admin', 'PUT', `/api/translations/${caption.id}/languages/${spanish.id}`, {
      preferredCaption: '¿Dispositivos de bloqueo inspeccionados?',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const es = (await t.app.inject({ url: '/api/i18n/resources?connectionStringName=Demo&languageCode=es' })).json<
      Record<string, Record<string, Record<string, string>>>
    >();
    expect(es.question?.[`question-${created.ID}`]?.v1).toBe('¿Dispositivos de bloqueo inspeccionados?');
  });
});

describe('scoping and permission', () => {
  it('keeps each facility’s questions to itself', async () => {
    const created = await create();
    expect((await call('adminRiverside', 'GET', `/api/questions/${created.ID}`)).statusCode).toBe(404);
    expect((await call('adminRiverside', 'PUT', `/api/questions/${created.ID}`, base)).statusCode).toBe(404);
    expect(
      (await call('adminRiverside', 'PUT', `/api/questions/${created.ID}/status`, { isActive: false })).statusCode,
    ).toBe(404);
    const list = (await call('adminRiverside', 'GET', '/api/questions')).json<QuestionSummary[]>();
    expect(list.map((q) => q.ID)).not.toContain(created.ID);
    expect(
      (await call('adminRiverside', 'GET', `/api/questions/form?permitTypeId=${loto}&stage=issue`)).statusCode,
    ).toBe(404);
    const types = (await call('adminRiverside', 'GET', '/api/questions/permit-types')).json<{ ID: number }[]>();
    expect(types.map((x) => x.ID)).toContain(riversideLoto);
    expect(types.map((x) => x.ID)).not.toContain(loto);
    // The same wording may exist in another facility.
    const riverside = await call('adminRiverside', 'POST', '/api/questions', { ...base, text: created.current.text });
    expect(riverside.statusCode).toBe(200);
  });

  it('refuses Question Manage to a user without the permission, who still reads the forms', async () => {
    expect((await call('worker', 'GET', '/api/questions')).statusCode).toBe(403);
    expect((await call('worker', 'POST', '/api/questions', { ...base, text: uniqueText('Worker') })).statusCode).toBe(
      403,
    );
    expect(
      (await call('worker', 'PUT', '/api/questions/form', { permitTypeId: loto, stage: 'issue', questionIDs: [] }))
        .statusCode,
    ).toBe(403);
    expect((await form('worker', loto, 'issue')).questions.length).toBeGreaterThan(0);
  });

  it('refuses it when the facility switches Question Manage off', async () => {
    await db()
      .updateTable('facility_security_settings')
      .set({ enabled: false })
      .where('facility_id', '=', 1)
      .where('feature', '=', 'question-manage')
      .execute();
    try {
      expect((await call('admin', 'GET', '/api/questions')).statusCode).toBe(403);
    } finally {
      await db()
        .updateTable('facility_security_settings')
        .set({ enabled: true })
        .where('facility_id', '=', 1)
        .where('feature', '=', 'question-manage')
        .execute();
    }
  });
});

describe('evaluating answers', () => {
  const version = (over: Partial<QuestionVersion>): QuestionVersion => ({
    ID: 1,
    questionID: 10,
    version: 1,
    text: 'Area barricaded?',
    answerType: 'yes_no_na',
    choices: [],
    isMandatory: true,
    blockingAnswer: 'no',
    minValue: null,
    maxValue: null,
    createdBy: 'A',
    createdAt: new Date(0).toISOString(),
    ...over,
  });
  const one = (q: QuestionVersion, answer: string | null) =>
    evaluateAnswers([q], [{ questionVersionID: q.ID, answer }]);

  it('blocks on the blocking answer and says why', () => {
    const result = one(version({}), 'no');
    expect(result.isBlocked).toBe(true);
    expect(result.problems).toEqual([
      {
        questionVersionID: 1,
        questionID: 10,
        kind: 'blocking',
        message: '"Area barricaded?" answered "No": this answer stops the step',
      },
    ]);
    expect(one(version({}), 'yes')).toEqual({ isBlocked: false, problems: [] });
    expect(one(version({}), 'na').isBlocked).toBe(false);
  });

  it('blocks a mandatory question left unanswered, not an optional one', () => {
    expect(one(version({}), null).problems[0]).toMatchObject({ kind: 'missing' });
    expect(one(version({}), '  ').problems[0]).toMatchObject({ kind: 'missing' });
    expect(evaluateAnswers([version({})], []).problems[0]).toMatchObject({ kind: 'missing' });
    expect(one(version({ isMandatory: false }), null).isBlocked).toBe(false);
  });

  it('blocks the blocking choice', () => {
    const q = version({ answerType: 'choice', choices: ['Locked', 'Not isolated'], blockingAnswer: 'Not isolated' });
    expect(one(q, 'Not isolated').problems[0]).toMatchObject({ kind: 'blocking' });
    expect(one(q, 'Locked').isBlocked).toBe(false);
    expect(one(q, 'Welded').problems[0]).toMatchObject({ kind: 'invalid' });
  });

  it('blocks a number outside its range', () => {
    const q = version({ answerType: 'number', blockingAnswer: null, minValue: 19.5, maxValue: 23.5, text: 'O2 %' });
    expect(one(q, '20.9').isBlocked).toBe(false);
    expect(one(q, '19.4').problems[0]!.message).toBe('"O2 %" answered 19.4, below the minimum of 19.5');
    expect(one(q, '25').problems[0]!.message).toBe('"O2 %" answered 25, above the maximum of 23.5');
    expect(one(q, 'lots').problems[0]).toMatchObject({ kind: 'invalid' });
  });

  it('checks answers are of their type', () => {
    expect(one(version({}), 'maybe').problems[0]).toMatchObject({ kind: 'invalid' });
    const date = version({ answerType: 'date', blockingAnswer: null });
    expect(one(date, '2026-02-28').isBlocked).toBe(false);
    expect(one(date, '2026-02-30').problems[0]).toMatchObject({ kind: 'invalid' });
    expect(one(version({ answerType: 'text', blockingAnswer: null }), 'x'.repeat(2001)).problems[0]).toMatchObject({
      kind: 'invalid',
    });
  });

  it('reports every problem of a form, and ignores answers to questions not on it', () => {
    const a = version({ ID: 1 });
    const b = version({ ID: 2, questionID: 11, text: 'Zero energy verified by try-out?' });
    const result = evaluateAnswers(
      [a, b],
      [
        { questionVersionID: 1, answer: 'no' },
        { questionVersionID: 99, answer: 'no' },
      ],
    );
    expect(result.problems.map((p) => [p.questionVersionID, p.kind])).toEqual([
      [1, 'blocking'],
      [2, 'missing'],
    ]);
  });
});

describe('concurrent creates', () => {
  it('gives 20 questions created at once 20 distinct positions', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await call('adminRiverside', 'POST', '/api/questions', {
          ...base,
          text: uniqueText('Parallel'),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<QuestionDetail>().ID;
      }),
    );
    const rows = await db().selectFrom('questions').select('sort_order').where('id', 'in', created).execute();
    expect(new Set(rows.map((r) => r.sort_order)).size).toBe(20);
  });
});

describe('concurrent creates of one text', () => {
  it('lets only one of 10 questions created at once with the same text through; the others answer 409', async () => {
    const text = uniqueText('Same text at once');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await call('adminRiverside', 'POST', '/api/questions', { ...base, text });
        return response.statusCode;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  });
});
