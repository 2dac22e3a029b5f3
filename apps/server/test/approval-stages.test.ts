import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalStages } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Approval stages (decision 0050): every risk level keeps at least one stage. Saving a level empty
 * made one approval by anyone who may approve the type enough for every permit of that level.
 */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app)).json<{ token: string }>().token;
});
afterAll(() => t.close());

const stages = async () =>
  (
    await t.app.inject({ url: '/api/approval-stages', headers: { authorization: `Bearer ${token}` } })
  ).json<ApprovalStages>();
const save = (body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/approval-stages',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
const input = (list: ApprovalStages['low']) => list.map(({ name, meaning, groupId }) => ({ name, meaning, groupId }));

describe('approval stages keep at least one stage a risk level', () => {
  it('refuses all three levels saved empty, naming each level, and changes nothing', async () => {
    const before = await stages();
    const response = await save({ low: [], medium: [], high: [] });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; details: { field: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field).sort()).toEqual(['high', 'low', 'medium']);
    expect(body.details.find((d) => d.field === 'high')!.message).toBe(
      'The high risk level needs at least one approval stage: without one, any single approval would do',
    );
    expect(await stages()).toEqual(before);
  });

  it('refuses one level emptied while the others keep theirs, naming that level', async () => {
    const before = await stages();
    const response = await save({ low: input(before.low), medium: input(before.medium), high: [] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ details: [{ field: 'high', message: /high risk level/ }] });
    expect((await stages()).high).toEqual(before.high);
  });

  it('still saves every level with one stage or more', async () => {
    const before = await stages();
    const response = await save({
      low: input(before.low),
      medium: input(before.medium),
      high: input(before.high).slice(0, 1),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApprovalStages>().high).toHaveLength(1);
  });
});
