import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captionKey,
  sayIn,
  type Caption,
  type IsolationPlan,
  type PermitCommandRefusals,
  type Said,
} from '@hasp/contracts';
import { spanishTranslations } from '../src/modules/translations/spanish';
import { DEMO_PASSWORD } from './test-app';
import { newLock, putLock } from './support/loto-fixtures';
import { withoutQuestions } from './support/permit-answers';
import { callAs, newPressPermit, startIsolationPlanApp, type IsolationPlanApp } from './support/isolation-plan-app';

/**
 * `GET /api/permits/:id/command-refusals` over the real server: each reason is the refusal the
 * command itself answers, linked to the tab that resolves it; the plan's closing step names the
 * crew still signed on instead of telling anyone to close.
 */
let app: IsolationPlanApp;
const db = () => app.t.connections[0]!.db;

const refusalsOf = async (as: string, permitId: number) => {
  const response = await callAs(app, as, 'GET', `/api/permits/${permitId}/command-refusals`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PermitCommandRefusals>().refusals;
};

/** A reader's caption function in the Spanish Hasp ships (what the web shows a Spanish user). */
const spanish = new Map(spanishTranslations.map(({ caption, text }) => [captionKey(caption), text]));
const es = (caption: Caption, values: Record<string, string | number> = {}) =>
  (spanish.get(captionKey(caption)) ?? `[untranslated ${captionKey(caption)}]`).replace(
    /\{\{(\w+)\}\}/g,
    (_, k: string) => String(values[k] ?? `{{${k}}}`),
  );

beforeAll(async () => {
  app = await startIsolationPlanApp(['admin', 'supervisor', 'worker']);
});
afterAll(async () => app?.t.close());

describe('command refusals', () => {
  it('links a refusal for unanswered questions to the Questions tab (the button stays: the questions are judged when it is pressed)', async () => {
    const id = await newPressPermit(app, 'Questions first', 4);
    expect((await refusalsOf('worker', id)).map((r) => r.command)).not.toContain('request');
    const refused = await callAs(app, 'worker', 'POST', `/api/permits/${id}/commands/request`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('must be answered before the permit is requested'),
      details: [
        { field: 'code', message: 'PRECONDITION_FAILED' },
        { field: 'tab', message: 'questions' },
      ],
      said: {
        caption: 'Message|Rules_Permit_Guards|questionMissing',
        terms: { step: 'Label|Rules_Gas_Verb|requested' },
      },
    });
    // In Spanish, the question's own text quoted as written.
    const { message, said } = refused.json<{ message: string; said: Said }>();
    expect(sayIn(said, message, es)).toMatch(
      /^La pregunta «.+» debe responderse antes de que el permiso quede solicitado\./,
    );
  });

  it('tells the requester, where Approve would be, that another person approves their permit', async () => {
    await withoutQuestions(db());
    const id = await newPressPermit(app, 'Own request', 4);
    // The supervisor, who may approve, requests this one: so it is not theirs to approve.
    await db().updateTable('permits').set({ requester_id: app.ids.supervisor! }).where('id', '=', id).execute();
    expect((await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/commands/request`)).statusCode).toBe(200);
    const approve = (await refusalsOf('supervisor', id)).find((r) => r.command === 'approve');
    const refused = await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/commands/approve`, {
      password: DEMO_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(approve).toEqual({
      command: 'approve',
      code: 'SEPARATION_OF_DUTIES',
      reason: 'You requested this permit: another person approves it.',
      said: { caption: 'Message|Rules_Permit_Lifecycle|requesterApproves', values: {}, terms: {} },
      tab: 'none',
    });
    // The refused command answers the same words, with the caption that says them (the web says it in Spanish).
    const body = refused.json<{ message: string; said: Said }>();
    expect(body.message).toBe(approve!.reason);
    expect(body.said).toEqual(approve!.said);
    expect(sayIn(body.said, body.message, es)).toBe('Usted solicitó este permiso: lo aprueba otra persona.');
    // Another approver is offered Approve, so it is no refusal of theirs.
    expect((await refusalsOf('admin', id)).map((r) => r.command)).not.toContain('approve');
  });

  it('names the crew still signed on as the next step instead of "Close the permit", and links the close refusal to the Crew tab', async () => {
    const id = await newPressPermit(app, 'Crew still on', 4);
    // Everything de-isolation asks is done on a plan without points; the worker is still signed on.
    await db().updateTable('permits').set({ status: 'de_isolation' }).where('id', '=', id).execute();
    const done = { by: app.ids.admin!, at: new Date() };
    await db()
      .insertInto('permit_isolation_plans')
      .values({
        permit_id: id,
        facility_id: 1,
        area_inspected_by: done.by,
        area_inspected_at: done.at,
        people_clear_by: done.by,
        people_clear_at: done.at,
        release_notified_by: done.by,
        release_notified_at: done.at,
      })
      .execute();
    const plan = async () =>
      (await callAs(app, 'supervisor', 'GET', `/api/permits/${id}/isolation-plan`)).json<IsolationPlan>();
    expect((await plan()).nextStep).toBe('Close the permit');

    const lockbox = await db()
      .insertInto('lockboxes')
      .values({ facility_id: 1, permit_id: id, number: `LB-${id}`, primary_user_id: app.ids.supervisor! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const worker = await db()
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', app.ids.worker!)
      .executeTakeFirstOrThrow();
    await putLock(
      db(),
      { permitId: id, lockboxId: lockbox.id },
      await newLock(db(), `CREW-${id}`, id),
      app.ids.worker!,
    );

    expect((await plan()).nextStep).toBe(
      `${worker.display_name} is still signed on: they sign off before the permit can be closed`,
    );
    const close = (await refusalsOf('supervisor', id)).find((r) => r.command === 'close');
    const refused = await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/commands/close`);
    expect(close).toMatchObject({ code: 'PRECONDITION_FAILED', tab: 'crew' });
    expect(close!.reason).toBe(refused.json<{ message: string }>().message);
    expect(close!.said).toEqual(refused.json<{ said: Said }>().said);
    expect(close!.reason).toContain(`Signed on: ${worker.display_name}`);
    expect(refused.json()).toMatchObject({ details: [{ field: 'code' }, { field: 'tab', message: 'crew' }] });
  });

  it("answers 404 for another facility's permit", async () => {
    expect((await callAs(app, 'worker', 'GET', '/api/permits/999999/command-refusals')).statusCode).toBe(404);
  });
});
