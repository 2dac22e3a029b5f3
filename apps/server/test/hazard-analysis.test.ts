import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRiskMatrix, type HazardAnalysis, type Permit, type RiskMatrix } from '@hasp/contracts';
import { seedDemoHazardLines } from '../src/db/seed/demo-hazard-analysis';
import { findPermit } from '../src/modules/permits/permit.repository';
import { permitContentHash } from '../src/modules/permits';
import { createTestApp, login, type TestApp } from './test-app';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { signedBody } from './support/signing';

/**
 * The hazard analysis (decision 0047) over HTTP on the real server: lines rated on
 * the facility's matrix, the permit's risk level as the highest residual risk, the type's "required
 * before Requested" guard, controls suggested by the assets' energy sources, facility scoping,
 * edits only in Draft and Requested by the requester, bad input named, commands idempotent and
 * versioned, the signed content moving with the lines.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const items: Record<string, number> = {};
const db = () => t.connections[0]!.db;
let genType: number;
let press: number;

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const analysis = async (as: string, permitId: number) => {
  const response = await call(as, 'GET', `/api/permits/${permitId}/hazard-analysis`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HazardAnalysis>();
};
const give = (as: string, permitId: number, verb: string, body: object, headers = {}) =>
  call(as, 'POST', `/api/permits/${permitId}/hazard-analysis/commands/${verb}`, body, headers);
const ok = (response: Reply) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HazardAnalysis>();
};
const permitOf = async (as: string, permitId: number) =>
  (await call(as, 'GET', `/api/permits/${permitId}`)).json<Permit>();
// Approving is an electronic signature: the approver's password signs the stage.
const lifecycle = (as: string, permitId: number, verb: string, body: object = {}) =>
  call(as, 'POST', `/api/permits/${permitId}/commands/${verb}`, signedBody(verb, body));
const fieldsOf = (response: Reply) =>
  (response.json<{ details?: { field: string }[] }>().details ?? []).map((d) => d.field);

/** A line body: a hazard and ratings, controls and residual as given. */
const line = (over: Record<string, unknown> = {}) => ({
  jobStep: 'Change the filter',
  hazardItemId: items['Electric shock'],
  severity: 4,
  likelihood: 3,
  controls: [{ itemId: items['Lock and tag every energy source'] }],
  residualSeverity: 4,
  residualLikelihood: 1,
  ...over,
});

async function newPermit(title: string, as = 'worker', assetIds = [press]): Promise<number> {
  const start = Date.now() + 3_600_000;
  const response = await call(as, 'POST', '/api/permits', {
    permitTypeId: genType,
    title,
    description: '',
    workMethod: '',
    areaId: null,
    assetIds,
    plannedStart: new Date(start).toISOString(),
    plannedEnd: new Date(start + 4 * 3_600_000).toISOString(),
    holderId: ids.worker,
    riskLevel: null,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Permit>().ID;
}

const setRequired = (required: boolean) =>
  db().updateTable('permit_types').set({ hazard_analysis_required: required }).where('id', '=', genType).execute();

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
    ids[username] = (
      await db().selectFrom('users').select('id').where('user_name', '=', username).executeTakeFirstOrThrow()
    ).id;
  }
  tokens.riverside = (await login(t.app, { username: 'supervisor', facilityId: 2 })).json<{ token: string }>().token;
  tokens.riversideAdmin = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  genType = await permitTypeIdOf(db(), 'GEN');
  press = (
    await db()
      .selectFrom('assets')
      .select('id')
      .where('facility_id', '=', 1)
      .where('number', '=', 'PR-001')
      .executeTakeFirstOrThrow()
  ).id;
  for (const row of await db()
    .selectFrom('master_list_items')
    .select(['id', 'value'])
    .where('facility_id', '=', 1)
    .where('list_key', 'in', ['hazards', 'controls'])
    .execute())
    items[row.value] = row.id;
});
afterAll(() => t.close());

describe('hazard analysis', () => {
  // First: the demo step picks the first draft, which must be this test's.
  it("gives the demo permit its lines through the commands (the demo seed's step)", async () => {
    const id = await newPermit('Demo lines');
    await seedDemoHazardLines(db(), [1]);
    // The first North Plant draft of a hazard type whose assets have energy sources: this one (the file's first).
    const lines = await db()
      .selectFrom('hazard_analysis_lines')
      .select(['permit_id', 'job_step', 'created_by'])
      .where('job_step', '=', 'Shut down and isolate the press')
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.permit_id).toBe(id);
    expect(lines[0]!.created_by).toBe(ids.worker);
    const demo = await analysis('worker', lines[0]!.permit_id);
    expect(demo.lines.map((l) => [l.jobStep, l.risk, l.residualRisk])).toEqual(
      expect.arrayContaining([
        ['Shut down and isolate the press', 'high', 'low'],
        ['Replace the worn part under the ram', 'medium', 'medium'],
      ]),
    );
    expect(demo.riskLevel).toBe('medium');
    // A second run adds nothing.
    await seedDemoHazardLines(db(), [1]);
    expect(
      await db()
        .selectFrom('hazard_analysis_lines')
        .select('id')
        .where('job_step', '=', 'Shut down and isolate the press')
        .execute(),
    ).toHaveLength(1);
  });
  it("rates each line on the facility's matrix; a matrix change rates only lines saved after it", async () => {
    const id = await newPermit('Matrix ratings');
    const empty = await analysis('worker', id);
    expect(empty.matrix).toEqual({ ...defaultRiskMatrix, version: expect.any(Number) });
    expect(empty.lines).toEqual([]);
    expect(empty.canEdit).toBe(true);

    // Default 5 × 5: 4 × 3 = 12 is high, 4 × 1 = 4 is low.
    let a = ok(await give('worker', id, 'add-line', line()));
    expect(a.lines[0]).toMatchObject({ severity: 4, likelihood: 3, risk: 'high', residualRisk: 'low' });

    // North Plant's administrator makes a 3 × 3 matrix where everything is medium but the top corner.
    const current = (await call('admin', 'GET', '/api/hazard-analysis/matrix')).json<RiskMatrix>();
    const three: Omit<RiskMatrix, 'version'> = {
      severityLabels: ['Minor', 'Serious', 'Fatal'],
      likelihoodLabels: ['Unlikely', 'Possible', 'Likely'],
      cells: [
        ['medium', 'medium', 'medium'],
        ['medium', 'medium', 'medium'],
        ['medium', 'medium', 'high'],
      ],
    };
    const saved = await call('admin', 'PUT', '/api/hazard-analysis/matrix', three, {
      'if-match': `"${current.version}"`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RiskMatrix>()).toEqual({ ...three, version: current.version + 1 });
    // Saved unchanged: same version, no audit row.
    const again = await call('admin', 'PUT', '/api/hazard-analysis/matrix', three);
    expect(again.json<RiskMatrix>().version).toBe(current.version + 1);
    const audits = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'hazard-analysis.configure-matrix')
      .execute();
    expect(audits).toHaveLength(1);
    // A stale matrix edit is refused.
    const stale = await call('admin', 'PUT', '/api/hazard-analysis/matrix', defaultRiskMatrix, {
      'if-match': `"${current.version}"`,
    });
    expect(stale.statusCode).toBe(409);

    a = ok(
      await give(
        'worker',
        id,
        'add-line',
        line({ jobStep: 'Second', severity: 1, likelihood: 1, residualSeverity: 1, residualLikelihood: 1 }),
      ),
    );
    // The first line keeps the rating it was given; the new one is rated on the 3 × 3.
    expect(a.lines.map((l) => [l.jobStep, l.risk])).toEqual([
      ['Change the filter', 'high'],
      ['Second', 'medium'],
    ]);
    expect(a.matrix.severityLabels).toEqual(['Minor', 'Serious', 'Fatal']);
    // Level 4 is outside the 3 × 3 now: the field is named.
    const outside = await give('worker', id, 'edit-line', { lineId: a.lines[0]!.ID, ...line() });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside)).toEqual(['severity']);
    expect(outside.json<{ message: string }>().message).toContain('1 to 3');

    // Riverside keeps its own (default) matrix; a bad matrix names its cells.
    expect((await call('riversideAdmin', 'GET', '/api/hazard-analysis/matrix')).json<RiskMatrix>()).toMatchObject(
      defaultRiskMatrix,
    );
    const bad = await call('admin', 'PUT', '/api/hazard-analysis/matrix', { ...three, cells: [['low']] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('cells');
    // Back to the default for the other tests.
    ok(await call('admin', 'PUT', '/api/hazard-analysis/matrix', defaultRiskMatrix));
  });

  it("sets the permit's risk level to the highest residual risk in the same command", async () => {
    const id = await newPermit('Risk level');
    let a = ok(await give('worker', id, 'add-line', line({ residualSeverity: 2, residualLikelihood: 1 })));
    expect(a.riskLevel).toBe('low');
    expect((await permitOf('worker', id)).riskLevel).toBe('low');
    // A line not rated after controls yet counts with its risk before controls (never lower than known).
    a = ok(
      await give(
        'worker',
        id,
        'add-line',
        line({ jobStep: 'Lift', severity: 5, likelihood: 3, residualSeverity: null, residualLikelihood: null }),
      ),
    );
    expect(a.riskLevel).toBe('high');
    expect((await permitOf('worker', id)).riskLevel).toBe('high');
    const lift = a.lines.find((l) => l.jobStep === 'Lift')!;
    a = ok(
      await give('worker', id, 'edit-line', {
        lineId: lift.ID,
        ...line({ jobStep: 'Lift', severity: 5, likelihood: 3, residualSeverity: 3, residualLikelihood: 2 }),
      }),
    );
    expect(a.riskLevel).toBe('medium');
    expect((await permitOf('worker', id)).riskLevel).toBe('medium');
    // The permit form's risk (read-only for this type) never overwrites the analysis's.
    const permit = await permitOf('worker', id);
    const edit = await lifecycle('worker', id, 'edit', {
      title: 'Risk level, edited',
      description: '',
      workMethod: '',
      areaId: null,
      assetIds: [press],
      plannedStart: permit.plannedStart,
      plannedEnd: permit.plannedEnd,
      holderId: ids.worker,
      riskLevel: 'low',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<Permit>().riskLevel).toBe('medium');
    a = ok(await give('worker', id, 'remove-line', { lineId: lift.ID }));
    expect(a.riskLevel).toBe('low');
    a = ok(await give('worker', id, 'remove-line', { lineId: a.lines[0]!.ID }));
    expect(a.riskLevel).toBeNull();
    expect((await permitOf('worker', id)).riskLevel).toBeNull();
    // Taken off, never deleted.
    const rows = await db()
      .selectFrom('hazard_analysis_lines')
      .select('removed_at')
      .where('permit_id', '=', id)
      .execute();
    expect(rows.map((r) => r.removed_at !== null)).toEqual([true, true]);
    // Each command audited with the risk level before and after.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'hazard-analysis')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual([
      'hazard-analysis.add-line',
      'hazard-analysis.add-line',
      'hazard-analysis.edit-line',
      'hazard-analysis.remove-line',
      'hazard-analysis.remove-line',
    ]);
    expect(audit.map((r) => (r.after as { riskLevel: string | null }).riskLevel)).toEqual([
      'low',
      'high',
      'medium',
      'low',
      null,
    ]);
  });

  it('refuses the request of a type that requires the analysis, naming what is missing', async () => {
    await setRequired(true);
    try {
      const id = await newPermit('Required analysis');
      expect((await permitOf('worker', id)).allowedCommands).not.toContain('request');
      let refused = await lifecycle('worker', id, 'request');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        'Hazard analysis: add at least one line before the permit is requested.',
      );
      const a = ok(
        await give(
          'worker',
          id,
          'add-line',
          line({ jobStep: 'Open the guard', controls: [], residualSeverity: null, residualLikelihood: null }),
        ),
      );
      expect(a.required).toBe(true);
      expect(a.missing).toEqual([
        'Hazard analysis: line 1 ("Open the guard") needs at least one control.',
        'Hazard analysis: line 1 ("Open the guard") needs its residual risk.',
      ]);
      refused = await lifecycle('worker', id, 'request');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(a.missing.join(' '));
      const done = ok(
        await give('worker', id, 'edit-line', { lineId: a.lines[0]!.ID, ...line({ jobStep: 'Open the guard' }) }),
      );
      expect(done.missing).toEqual([]);
      expect((await permitOf('worker', id)).allowedCommands).toContain('request');
      expect((await lifecycle('worker', id, 'request')).statusCode).toBe(200);
    } finally {
      await setRequired(false);
    }
    // Not required: a permit without lines is requested.
    const free = await newPermit('Not required');
    expect((await lifecycle('worker', free, 'request')).statusCode).toBe(200);
  });

  it('keeps the type setting through the Permit Types API (optional on input)', async () => {
    const types = (await call('admin', 'GET', '/api/permit-types')).json<{
      groups: { types: { ID: number; hazardAnalysisRequired: boolean }[] }[];
    }>();
    const gen = types.groups.flatMap((g) => g.types).find((x) => x.ID === genType)!;
    expect(gen.hazardAnalysisRequired).toBe(false);
    const { ID, hazardAnalysisRequired, sortOrder, code, ...rest } = gen as never as Record<string, unknown>;
    void hazardAnalysisRequired;
    void sortOrder;
    void code;
    const saved = await call('admin', 'PUT', `/api/permit-types/${ID as number}`, {
      ...rest,
      hazardAnalysisRequired: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await db()
      .selectFrom('permit_types')
      .select('hazard_analysis_required')
      .where('id', '=', genType)
      .executeTakeFirstOrThrow();
    expect(row.hazard_analysis_required).toBe(true);
    // An older client leaves it out: unchanged.
    const older = await call('admin', 'PUT', `/api/permit-types/${ID as number}`, rest);
    expect(older.statusCode, older.body).toBe(200);
    expect(
      (
        await db()
          .selectFrom('permit_types')
          .select('hazard_analysis_required')
          .where('id', '=', genType)
          .executeTakeFirstOrThrow()
      ).hazard_analysis_required,
    ).toBe(true);
    await setRequired(false);
  });

  it("suggests controls from the energy sources of the permit's assets", async () => {
    const id = await newPermit('Suggestions');
    const a = await analysis('worker', id);
    expect(a.suggestions).toEqual([
      {
        key: 'electrical',
        text: 'Isolate and lock out the electrical supply',
        sources: ['PR-001 Main drive: Electrical 480 V'],
      },
      {
        key: 'hydraulic',
        text: 'Isolate the hydraulic supply and relieve the pressure',
        sources: ['PR-001 Main drive: Hydraulic 3000 psi'],
      },
      { key: 'stored-energy', text: 'Release or block stored energy', sources: ['PR-001 Main drive: Hydraulic'] },
    ]);
    // A suggestion is added as a control's text.
    const added = ok(await give('worker', id, 'add-line', line({ controls: [{ text: a.suggestions[2]!.text }] })));
    expect(added.lines[0]!.controls).toEqual([
      { ID: expect.any(Number), item: null, text: 'Release or block stored energy' },
    ]);
    // A retired energy source suggests nothing; a permit without assets gets no suggestions.
    const none = await newPermit('No assets', 'worker', []);
    expect((await analysis('worker', none)).suggestions).toEqual([]);
  });

  it('answers 404 to another facility and keeps edits to the requester in Draft and Requested', async () => {
    const id = await newPermit('Scope and status');
    expect((await call('riverside', 'GET', `/api/permits/${id}/hazard-analysis`)).statusCode).toBe(404);
    expect((await give('riverside', id, 'add-line', line())).statusCode).toBe(404);
    // Not the requester: the supervisor may view but not change it.
    const seen = await analysis('supervisor', id);
    expect(seen.canEdit).toBe(false);
    expect(seen.editRefusal).toBe('Only the requester of the permit can change its hazard analysis.');
    expect((await give('supervisor', id, 'add-line', line())).statusCode).toBe(403);

    const a = ok(await give('worker', id, 'add-line', line()));
    expect((await lifecycle('worker', id, 'request')).statusCode).toBe(200);
    // Requested: still the requester's to change.
    ok(await give('worker', id, 'add-line', line({ jobStep: 'While requested' })));
    expect((await lifecycle('supervisor', id, 'approve')).statusCode).toBe(200);
    const refused = await give('worker', id, 'remove-line', { lineId: a.lines[0]!.ID });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'The hazard analysis can change only while the permit is Draft or Requested; this permit is Approved.',
    );
    expect((await analysis('worker', id)).canEdit).toBe(false);

    // A type without the section has no analysis.
    const loto = await db()
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'LOTO')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('permit_types')
      .set({ sections: ['isolation-plan'] })
      .where('id', '=', loto.id)
      .execute();
    try {
      const start = Date.now() + 3_600_000;
      const plain = await call('worker', 'POST', '/api/permits', {
        permitTypeId: loto.id,
        title: 'No section',
        description: '',
        workMethod: '',
        areaId: null,
        assetIds: [],
        plannedStart: new Date(start).toISOString(),
        plannedEnd: new Date(start + 3_600_000).toISOString(),
        holderId: null,
        riskLevel: null,
      });
      const plainId = plain.json<Permit>().ID;
      expect((await call('worker', 'GET', `/api/permits/${plainId}/hazard-analysis`)).statusCode).toBe(404);
      expect((await give('worker', plainId, 'add-line', line())).statusCode).toBe(409);
    } finally {
      await db()
        .updateTable('permit_types')
        .set({ sections: ['isolation-plan', 'hazard-analysis', 'questions'] })
        .where('id', '=', loto.id)
        .execute();
    }
  });

  it('names the field of bad input', async () => {
    const id = await newPermit('Bad input');
    const cases: [Record<string, unknown>, string][] = [
      [{ jobStep: '  ' }, 'jobStep'],
      [{ hazardItemId: items['Barricade the area'] }, 'hazardItemId'],
      [{ controls: [{ itemId: items['Electric shock'] }] }, 'controls.0.itemId'],
      [{ controls: [{ itemId: items['Fire watch'], text: 'both' }] }, 'controls.0'],
      [{ residualSeverity: 2, residualLikelihood: null }, 'residualLikelihood'],
      [{ severity: 0 }, 'severity'],
      [{ likelihood: 7 }, 'likelihood'],
    ];
    for (const [over, field] of cases) {
      const response = await give('worker', id, 'add-line', line(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(over)).toContain(field);
    }
    // An inactive hazard is refused on a new line.
    await db()
      .updateTable('master_list_items')
      .set({ is_active: false })
      .where('id', '=', items['Hot surfaces']!)
      .execute();
    try {
      const inactive = await give('worker', id, 'add-line', line({ hazardItemId: items['Hot surfaces'] }));
      expect(fieldsOf(inactive)).toEqual(['hazardItemId']);
    } finally {
      await db()
        .updateTable('master_list_items')
        .set({ is_active: true })
        .where('id', '=', items['Hot surfaces']!)
        .execute();
    }
    const a = ok(await give('worker', id, 'add-line', line()));
    const unknownLine = await give('worker', id, 'remove-line', { lineId: a.lines[0]!.ID + 100000 });
    expect(unknownLine.statusCode).toBe(404);
    const notAll = await give('worker', id, 'reorder', { lineIds: [a.lines[0]!.ID, a.lines[0]!.ID] });
    expect(fieldsOf(notAll)).toEqual(['lineIds']);
    // Nothing of the refusals stayed: one line, one audit row.
    expect((await analysis('worker', id)).lines).toHaveLength(1);
  });

  it('applies a command once per idempotency key, checks If-Match, reorders and re-signs the content', async () => {
    const id = await newPermit('Idempotent');
    const key = { 'idempotency-key': `hazard-${id}` };
    const first = ok(await give('worker', id, 'add-line', line({ jobStep: 'One' }), key));
    const replay = await give('worker', id, 'add-line', line({ jobStep: 'One' }), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<HazardAnalysis>()).toEqual(first);
    expect((await analysis('worker', id)).lines).toHaveLength(1);

    const hashOf = async () => permitContentHash(db(), (await findPermit(db(), 1, id))!);
    const signed = await hashOf();
    const second = ok(
      await give('worker', id, 'add-line', line({ jobStep: 'Two' }), { 'if-match': `"${first.version}"` }),
    );
    expect(second.version).toBe(first.version + 1);
    const afterAdd = await hashOf();
    expect(afterAdd).not.toBe(signed);
    const stale = await give('worker', id, 'add-line', line({ jobStep: 'Three' }), {
      'if-match': `"${first.version}"`,
    });
    expect(stale.statusCode).toBe(409);

    const order = second.lines.map((l) => l.ID).reverse();
    const reordered = ok(await give('worker', id, 'reorder', { lineIds: order }));
    expect(reordered.lines.map((l) => l.jobStep)).toEqual(['Two', 'One']);
    // Moving a line changes nothing that was assessed: the signed content stays.
    expect(await hashOf()).toBe(afterAdd);
    // Saving a line unchanged: same version, no audit row.
    const one = reordered.lines[1]!;
    const same = ok(await give('worker', id, 'edit-line', { lineId: one.ID, ...line({ jobStep: 'One' }) }));
    expect(same.version).toBe(reordered.version);
    const changed = ok(await give('worker', id, 'edit-line', { lineId: one.ID, ...line({ jobStep: 'One, changed' }) }));
    expect(changed.version).toBe(reordered.version + 1);
    expect(await hashOf()).not.toBe(afterAdd);
  });
});
