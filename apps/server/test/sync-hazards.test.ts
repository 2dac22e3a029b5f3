import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HazardAnalysis, Permit } from '@hasp/contracts';
import { permitDraft } from './support/permit-draft';
import { deviceOf, signIn } from './support/sync-device';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';

/**
 * Hazard analysis lines changed offline (decision 0067) over the real server and PostgreSQL: a line
 * added offline carries a local id; an edit, a reorder (a list of ids) and a removal queued after it
 * name it and the push maps each to the line the server made; one chain of the analysis's versions.
 */
let t: TestApp;
const db = () => t.connections[0]!.db;
let token: string;
let lotoId: number;
const items: Record<string, number> = {};
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t.app, 'worker', DEMO_PASSWORD)).token;
  lotoId = await permitTypeIdOf(db(), 'LOTO');
  for (const row of await db()
    .selectFrom('master_list_items')
    .select(['id', 'list_key'])
    .where('facility_id', '=', 1)
    .where('list_key', 'in', ['hazards', 'controls'])
    .where('is_active', '=', true)
    .execute())
    items[row.list_key] ??= row.id;
});
afterAll(async () => t?.close());

const line = (jobStep: string) => ({
  jobStep,
  hazardItemId: items.hazards!,
  severity: 3,
  likelihood: 2,
  controls: [{ itemId: items.controls! }, { text: 'Barrier tape' }],
  residualSeverity: 1,
  residualLikelihood: 1,
});

describe('hazard analysis lines changed offline', () => {
  it('adds two lines, edits one, moves it first and removes the other by their local ids in one push, once', async () => {
    const created = await call(
      'POST',
      '/api/permits',
      permitDraft(lotoId, { title: `Offline hazards ${randomUUID()}` }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const permit = created.json<Permit>();
    const { version } = (await call('GET', `/api/permits/${permit.ID}/hazard-analysis`)).json<HazardAnalysis>();
    const d = await deviceOf(t.app, 'worker', DEMO_PASSWORD);
    const [a, b] = [`local:${randomUUID()}`, `local:${randomUUID()}`];
    d.queue('hazard-analysis.add-line', permit.ID, { ...line('Open the guard'), localId: a }, version);
    d.queue('hazard-analysis.add-line', permit.ID, { ...line('Bleed the press'), localId: b }, version);
    d.queue('hazard-analysis.edit-line', permit.ID, { ...line('Bleed the press fully'), lineId: b }, version);
    d.queue('hazard-analysis.reorder', permit.ID, { lineIds: [b, a] }, version);
    d.queue('hazard-analysis.remove-line', permit.ID, { lineId: a }, version);
    const commands = [...d.outbox];
    const pushed = (await d.push())!;
    expect(pushed.results.map((r) => [r.outcome, r.error?.message])).toEqual(
      commands.map(() => ['applied', undefined]),
    );
    const after = (await call('GET', `/api/permits/${permit.ID}/hazard-analysis`)).json<HazardAnalysis>();
    expect(after.lines.map((l) => l.jobStep)).toEqual(['Bleed the press fully']);
    expect((await d.send(commands)).json<{ results: unknown }>().results).toEqual(pushed.results);
    expect((await call('GET', `/api/permits/${permit.ID}/hazard-analysis`)).json<HazardAnalysis>().lines).toHaveLength(
      1,
    );
  });
});
