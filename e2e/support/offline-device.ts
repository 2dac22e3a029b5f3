import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demo } from './hasp';
import { FIRST_LOAD_TIMEOUT_MS } from './platform';

/**
 * The device side of the offline specs: the app's browser database as the page sees it
 * (the seed's window.Dexie) and the outbox's queue (queueCommand through the sync feature's test
 * hook). Shared by offline-permit, sync and offline-faults specs; the database itself is read and
 * written through ./offline.
 */

export interface QueueHookCommand {
  name: string;
  targetId: number | string;
  baseVersion: number | null;
}

type HookWindow = Window & { __haspSyncTestHooks?: { queue: (command: unknown) => Promise<unknown> } };

/** Waits for the sync feature's test hook (the pusher has started; needs enableTestHooks before the load). */
export async function syncHookReady(page: Page) {
  await expect
    .poll(() => page.evaluate(() => typeof (window as HookWindow).__haspSyncTestHooks?.queue), {
      timeout: FIRST_LOAD_TIMEOUT_MS,
    })
    .toBe('function');
}

/** Queues a change as a screen does (queueCommand through the sync feature's test hook). */
export async function queueFromPage(
  page: Page,
  input: Record<string, unknown>,
  command: QueueHookCommand = { name: 'permit.edit', targetId: 42, baseVersion: 3 },
) {
  await syncHookReady(page);
  await page.evaluate(
    ({ body, command }) =>
      (window as HookWindow).__haspSyncTestHooks!.queue({ ...command, input: body }).then(() => undefined),
    { body: input, command },
  );
}

/** Queues many changes in one go, each after the previous one resolved (one strict transaction each). */
export async function queueManyFromPage(page: Page, commands: Array<QueueHookCommand & { input: unknown }>) {
  await syncHookReady(page);
  await page.evaluate(async (commands) => {
    for (const command of commands) await (window as HookWindow).__haspSyncTestHooks!.queue(command);
  }, commands);
}

/** A LOTO permit's create body as POST /api/permits (and the outbox's `permit.create`) takes it. */
export function permitBody(permitTypeId: number, title: string) {
  const start = new Date(Date.now() + 3_600_000);
  return {
    permitTypeId,
    title,
    description: 'Made by an offline fault test.',
    workMethod: 'Lock out the feeder.',
    areaId: null,
    assetIds: [],
    plannedStart: start.toISOString(),
    plannedEnd: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    holderId: null,
    riskLevel: 'low',
  };
}

/** Signs in through the API and answers the headers of the spec's own API calls. */
export async function apiHeaders(request: APIRequestContext, userName: string) {
  const login = await request.post('/api/login', {
    data: {
      connectionStringName: demo.connection,
      facilityId: demo.northPlant.ID,
      username: userName,
      password: demo.password,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** How many permits the server has under each title that starts with `prefix` (GET /api/permits?q=). */
export async function serverTitleCounts(
  request: APIRequestContext,
  headers: Record<string, string>,
  prefix: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const response = await request.get('/api/permits', {
      headers,
      params: { q: prefix, pageSize: 200, page, sort: 'number', dir: 'asc' },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { rows } = (await response.json()) as { rows: Array<{ title: string }> };
    for (const row of rows) if (row.title.startsWith(prefix)) counts.set(row.title, (counts.get(row.title) ?? 0) + 1);
    if (rows.length < 200) return counts;
  }
}
