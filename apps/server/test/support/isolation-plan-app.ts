import type { Permit } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from '../test-app';

/**
 * What the isolation plan's tests (isolation-plan.test.ts and its property test) start from: the
 * real server over its own database, these demo users signed in, the LOTO type and the press PR-001
 * (whose three isolation points the permits share), and a way to ask as one of them.
 */
export interface IsolationPlanApp {
  t: TestApp;
  tokens: Record<string, string>;
  ids: Record<string, number>;
  lotoType: number;
  press: number;
}

export async function startIsolationPlanApp(usernames: readonly string[]): Promise<IsolationPlanApp> {
  const t = await createTestApp();
  const db = t.connections[0]!.db;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  for (const username of usernames) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db.selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  const lotoType = (
    await db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow()
  ).id;
  const press = (
    await db
      .selectFrom('assets')
      .select('id')
      .where('facility_id', '=', 1)
      .where('number', '=', 'PR-001')
      .executeTakeFirstOrThrow()
  ).id;
  return { t, tokens, ids, lotoType, press };
}

/** A request as one of the signed-in users. */
export const callAs = (
  app: IsolationPlanApp,
  as: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${app.tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });

/**
 * A draft LOTO permit on the press, requested by the worker who holds it, begun five minutes ago
 * (its holder may accept it once issued: accept waits for the start) and ending `hours` after.
 */
export async function newPressPermit(app: IsolationPlanApp, title: string, hours: number): Promise<number> {
  const start = Date.now() - 5 * 60_000;
  const response = await callAs(app, 'worker', 'POST', '/api/permits', {
    permitTypeId: app.lotoType,
    title,
    description: '',
    workMethod: '',
    areaId: null,
    assetIds: [app.press],
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + hours * 3_600_000).toISOString(),
    holderId: app.ids.worker,
    riskLevel: null,
  });
  if (response.statusCode !== 200) throw new Error(`permit not created: ${response.body}`);
  return response.json<Permit>().ID;
}
