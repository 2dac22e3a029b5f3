import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema';
import { login, type TestApp } from '../test-app';
import { newLock, putLock } from './loto-fixtures';
import { answerStage } from './permit-answers';
import { lotoPermit } from './tag-fixtures';

/** The offline download's tests' permits (offline-download-bulk, offline-flags): rich ones among the demo's. */

/** The facility's permits with each kind of section content, and one with all of them. */
export async function richPermits(t: TestApp, facilityId: number) {
  const { rows } = await sql<{
    id: number;
    points: boolean;
    tags: boolean;
    lockbox: boolean;
    members: boolean;
    hazards: boolean;
    answers: boolean;
    gas: boolean;
    assets: boolean;
    approvals: boolean;
  }>`
    select p.id,
      exists (select 1 from permit_isolation_points x where x.permit_id = p.id) as points,
      exists (select 1 from tags x where x.permit_id = p.id) as tags,
      exists (select 1 from lockboxes x where x.permit_id = p.id) as lockbox,
      exists (select 1 from lock_applications x where x.permit_id = p.id and x.lockbox_id is not null) as members,
      exists (select 1 from hazard_analysis_lines x where x.permit_id = p.id) as hazards,
      exists (select 1 from question_answers x where x.permit_id = p.id) as answers,
      exists (select 1 from permit_gas_tests x where x.permit_id = p.id) as gas,
      exists (select 1 from permit_assets x where x.permit_id = p.id) as assets,
      exists (select 1 from permit_approvals x where x.permit_id = p.id and x.cleared_at is null) as approvals
    from permits p where p.facility_id = ${facilityId} order by p.id`.execute(t.connections[0]!.db);
  return rows;
}

/**
 * A LOTO permit with content in every section: the plan filled and its tags planned and answers
 * through their commands; a lockbox with a crew member, a hazard line and a gas test with a reading
 * written as their modules store them (test data only: their commands have their own tests, and
 * would need the permit walked to Issued first).
 */
export async function richPermit(t: TestApp, title: string): Promise<number> {
  const signedIn = await login(t.app, { username: 'supervisor', facilityId: 1 });
  const token = signedIn.json<{ token: string }>().token;
  const id = await lotoPermit(t, token, title);
  const filled = await t.app.inject({
    method: 'POST',
    url: `/api/permits/${id}/isolation-plan/commands/fill`,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  expect(filled.statusCode, filled.body).toBe(200);
  await answerStage(t.app, token, id, 'request');
  const supervisorId = await userId(t, 'supervisor');
  const workerId = await userId(t, 'worker');
  const box = await t.connections[0]!.db.insertInto('lockboxes')
    .values({ facility_id: 1, permit_id: id, number: `LB-${id}`, lock_id: null, primary_user_id: supervisorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await putLock(
    t.connections[0]!.db,
    { permitId: id, lockboxId: box.id },
    await newLock(t.connections[0]!.db, `BULK-${id}`, id),
    workerId,
  );
  // Two current approvals (in the order given) and a cleared one, as the approval commands store them.
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 8, minutes, 0, 123));
  await t.connections[0]!.db.insertInto('permit_approvals')
    .values([
      { facility_id: 1, permit_id: id, user_id: workerId, approved_at: at(5), cleared_at: null },
      { facility_id: 1, permit_id: id, user_id: supervisorId, approved_at: at(1), cleared_at: null },
      { facility_id: 1, permit_id: id, user_id: workerId, approved_at: at(0), cleared_at: at(2) },
    ])
    .execute();
  await insertHazardLine(t.connections[0]!.db, { permitId: id, createdBy: supervisorId });
  await insertAttachments(t, id);
  const instrument = await t.connections[0]!.db.selectFrom('gas_instruments')
    .select('id')
    .where('facility_id', '=', 1)
    .executeTakeFirstOrThrow();
  const parameter = await t.connections[0]!.db.selectFrom('gas_parameters')
    .select(['id', 'code', 'name', 'unit'])
    .where('facility_id', '=', 1)
    .executeTakeFirstOrThrow();
  const test = await t.connections[0]!.db.insertInto('permit_gas_tests')
    .values({
      facility_id: 1,
      permit_id: id,
      tested_at: new Date(),
      location: 'Inlet',
      instrument_id: instrument.id,
      calibration_due: '2027-01-01',
      tester_id: supervisorId,
      tester_name: 'Sam Supervisor',
      recorded_by: supervisorId,
      recorded_at: new Date(),
      in_limits: true,
      voided_at: null,
      voided_by: null,
      void_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.connections[0]!.db.insertInto('permit_gas_readings')
    .values({
      facility_id: 1,
      test_id: test.id,
      code: parameter.code,
      name: parameter.name,
      unit: parameter.unit,
      parameter_id: parameter.id,
      value: 20.9,
      low_limit: null,
      high_limit: null,
      in_limits: true,
    })
    .execute();
  return id;
}

/** The users' IDs by user name, in the order given. */
export async function userIds(t: TestApp, userNames: string[]): Promise<[string, number][]> {
  const rows = await t.connections[0]!.db.selectFrom('users')
    .select(['id', 'user_name'])
    .where('user_name', 'in', userNames)
    .execute();
  return userNames.map((name) => [name, rows.find((r) => r.user_name === name)!.id]);
}

export async function userId(t: TestApp, userName: string): Promise<number> {
  const [[, id]] = (await userIds(t, [userName])) as [[string, number]];
  return id;
}

/** A hazard analysis line on the facility's first hazard, as the hazard module stores one (test data only). */
export async function insertHazardLine(
  db: Kysely<Database>,
  line: { permitId: number; createdBy: number },
): Promise<number> {
  const hazard = await db
    .selectFrom('master_list_items')
    .select('id')
    .where('facility_id', '=', 1)
    .where('list_key', '=', 'hazards')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('hazard_analysis_lines')
    .values({
      facility_id: 1,
      permit_id: line.permitId,
      position: 1,
      job_step: 'Open the panel',
      hazard_item_id: hazard.id,
      severity: 2,
      likelihood: 2,
      risk: 'medium',
      residual_severity: null,
      residual_likelihood: null,
      residual_risk: null,
      created_by: line.createdBy,
      removed_by: null,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Attachments of two people, one of them removed, as the attachments module stores them (test data only). */
export async function insertAttachments(t: TestApp, permitId: number): Promise<void> {
  const [workerId, supervisorId] = [await userId(t, 'worker'), await userId(t, 'supervisor')];
  const row = (by: number, name: string) => ({
    facility_id: 1,
    permit_id: permitId,
    kind: 'document' as const,
    content_type: 'application/pdf' as const,
    display_name: name,
    byte_size: 10,
    width: null,
    height: null,
    has_thumbnail: false,
    storage: 'database' as const,
    sha256: 'x'.repeat(64),
    attached_by: by,
    attached_at: new Date(),
    removed_by: null,
    removed_at: null,
    remove_reason: null,
  });
  await t.connections[0]!.db.insertInto('permit_attachments')
    .values([
      row(workerId, 'worker.pdf'),
      row(supervisorId, 'supervisor.pdf'),
      { ...row(workerId, 'removed.pdf'), removed_by: workerId, removed_at: new Date(), remove_reason: 'Wrong file' },
    ])
    .execute();
}
