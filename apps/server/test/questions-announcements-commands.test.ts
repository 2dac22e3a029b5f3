import { describe, expect, it } from 'vitest';
import type { Announcement, QuestionDetail, QuestionForm, QuestionInput } from '@hasp/contracts';
import { commandChecks, useCommandApp } from './support/command-app';

// Question Manage's and Announcement Manage's writes run as commands (decision 0120): each is
// audited and announced through the runner under the request's id, applies once per
// Idempotency-Key, refuses a stale If-Match (the rows' new version), and a refusal leaves nothing.

const { app, db, send } = useCommandApp();
/** Reads as the administrator. */
const get = (url: string) =>
  app.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${app.token}` } });
const { sentTwice, refused } = commandChecks(db, send);

const question = (text: string): QuestionInput => ({
  text,
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: 'no',
  minValue: null,
  maxValue: null,
});
const versionOf = async (table: 'questions' | 'announcements', id: number) =>
  (await db().selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

describe('question commands', () => {
  it('creates, edits, deactivates and arranges a form once per key, each audited and announced under its request', async () => {
    const created = await sentTwice('POST', '/api/questions', 'q-create-1', question('Breaker racked out?'));
    const detail = created.first.json<QuestionDetail>();
    const id = String(detail.ID);
    expect(created.audits).toEqual([{ action: 'question.create', entity_type: 'question', entity_id: id }]);
    expect(created.events).toEqual([{ name: 'question.created', entity_type: 'question', entity_id: id }]);
    expect(
      await db().selectFrom('question_versions').select('id').where('question_id', '=', detail.ID).execute(),
    ).toHaveLength(1);

    const version = await versionOf('questions', detail.ID);
    const edited = await sentTwice(
      'PUT',
      `/api/questions/${id}`,
      'q-edit-1',
      question('Breaker racked out and tagged?'),
      {
        'if-match': `"${version}"`,
      },
    );
    expect(edited.first.headers.etag).toBe(`"${version + 1}"`);
    expect(edited.first.json<QuestionDetail>().current).toMatchObject({
      version: 2,
      text: 'Breaker racked out and tagged?',
    });
    expect(edited.audits).toEqual([{ action: 'question.update', entity_type: 'question', entity_id: id }]);
    expect(edited.events.map((e) => e.name)).toEqual(['question.changed']);
    // The replay added no third text version.
    expect(
      await db().selectFrom('question_versions').select('id').where('question_id', '=', detail.ID).execute(),
    ).toHaveLength(2);

    const types = await get('/api/questions/permit-types');
    const typeId = types.json<{ ID: number }[]>()[0]!.ID;
    const current = (await get(`/api/questions/form?permitTypeId=${typeId}&stage=issue`)).json<QuestionForm>();
    const arranged = await sentTwice('PUT', '/api/questions/form', 'q-form-1', {
      permitTypeId: typeId,
      stage: 'issue',
      questionIDs: [detail.ID, ...current.questions.map((q) => q.questionID)],
    });
    expect(arranged.first.json<QuestionForm>().questions[0]!.questionID).toBe(detail.ID);
    expect(arranged.audits.map((a) => a.action)).toEqual(['question.assignments.update']);
    expect(arranged.events.map((e) => e.name)).toEqual(['question.assignments.changed']);

    const deactivated = await sentTwice('PUT', `/api/questions/${id}/status`, 'q-status-1', { isActive: false });
    expect(deactivated.first.json<QuestionDetail>().isActive).toBe(false);
    expect(deactivated.first.headers.etag).toBe(`"${version + 2}"`);
    expect(deactivated.audits).toEqual([{ action: 'question.deactivate', entity_type: 'question', entity_id: id }]);
    expect(deactivated.events.map((e) => e.name)).toEqual(['question.deactivated']);
  });

  it('refuses a stale If-Match and a taken text, leaving neither row, audit row, event nor used key', async () => {
    const first = (await send('POST', '/api/questions', {}, question('Valve chained?'))).json<QuestionDetail>();
    const version = await versionOf('questions', first.ID);
    const stale = await refused(409, 'PUT', `/api/questions/${first.ID}`, 'q-stale-1', question('Lost edit'), {
      'if-match': `"${version - 1}"`,
    });
    expect(stale.json()).toMatchObject({
      message: 'This question was changed by someone else. Reload it and make your change again.',
      details: [{ field: 'version', message: String(version) }],
    });
    await refused(409, 'POST', '/api/questions', 'q-taken-1', question('Valve chained?'));
    expect(await db().selectFrom('question_versions').select('id').where('text', '=', 'Lost edit').execute()).toEqual(
      [],
    );
    expect(await versionOf('questions', first.ID)).toBe(version);
  });
});

const draft = (title: string) => ({
  title,
  bodyHtml: '<p>Line 3 is locked out on Tuesday.</p>',
  validFrom: new Date(Date.now() - 3_600_000).toISOString(),
  validTo: null,
  requiresAcknowledgement: false,
  audienceGroupIDs: [],
});
const manager = '/api/announcement-manager/announcements';

describe('announcement commands', () => {
  it('creates, edits, publishes, expires and archives once per key, each audited and announced under its request', async () => {
    const created = await sentTwice('POST', manager, 'a-create-1', draft('Lockout audit'));
    const id = String(created.first.json<Announcement>().ID);
    expect(created.audits).toEqual([{ action: 'announcement.create', entity_type: 'announcement', entity_id: id }]);
    expect(created.events).toEqual([{ name: 'announcement.created', entity_type: 'announcement', entity_id: id }]);
    expect(
      await db().selectFrom('announcements').select('id').where('title', '=', 'Lockout audit').execute(),
    ).toHaveLength(1);

    const version = await versionOf('announcements', Number(id));
    const edited = await sentTwice('PUT', `${manager}/${id}`, 'a-edit-1', draft('Lockout audit, Line 3'), {
      'if-match': `"${version}"`,
    });
    expect(edited.first.headers.etag).toBe(`"${version + 1}"`);
    expect(edited.audits.map((a) => a.action)).toEqual(['announcement.update']);
    expect(edited.events.map((e) => e.name)).toEqual(['announcement.changed']);

    const steps = [
      ['publish', 'announcement.published', 'published'],
      ['expire', 'announcement.expired', 'expired'],
      ['archive', 'announcement.archived', 'archived'],
    ] as const;
    for (const [action, event, status] of steps) {
      const changed = await sentTwice('POST', `${manager}/${id}/${action}`, `a-${action}-1`);
      expect(changed.first.json<Announcement>().status).toBe(status);
      expect(changed.audits).toEqual([
        { action: `announcement.${action}`, entity_type: 'announcement', entity_id: id },
      ]);
      expect(changed.events.map((e) => e.name)).toEqual([event]);
    }
    expect(await versionOf('announcements', Number(id))).toBe(version + 4);
  });

  it('refuses a stale If-Match, an archived one and a blank body, leaving nothing behind', async () => {
    const created = (await send('POST', manager, {}, draft('Fire drill'))).json<Announcement>();
    const version = await versionOf('announcements', created.ID);
    const stale = await refused(409, 'POST', `${manager}/${created.ID}/publish`, 'a-stale-1', undefined, {
      'if-match': `"${version + 1}"`,
    });
    expect(stale.json<{ message: string }>().message).toBe(
      'This announcement was changed by someone else. Reload it and make your change again.',
    );
    expect((await send('POST', `${manager}/${created.ID}/archive`)).statusCode).toBe(200);
    const archived = await refused(409, 'POST', `${manager}/${created.ID}/publish`, 'a-archived-1');
    expect(archived.json<{ message: string }>().message).toBe('This announcement is archived');
    await refused(400, 'POST', manager, 'a-blank-1', { ...draft('Blank'), bodyHtml: '<p> </p>' });
    expect(await db().selectFrom('announcements').select('id').where('title', '=', 'Blank').execute()).toEqual([]);
  });
});
