import { describe, expect, it } from 'vitest';
import type { ReportDefinition } from '@hasp/contracts';
import { useCommandApp, keyUsed, recordCounts, recordsOfRequest, requestOf } from './support/command-app';

// Report Settings' writes run as commands (decision 0121): each is audited and announced through
// the runner under the request's id, applies once per Idempotency-Key, and refuses a stale version.

const { db, send } = useCommandApp();
const definition = (name: string, extra: object = {}) => ({
  name,
  kind: 'lock-inventory',
  columns: [],
  filters: {},
  format: 'xlsx',
  schedule: null,
  recipients: [],
  ...extra,
});

/** Sends the command twice with one key: the second answers what the first did, applied once. */
async function sentTwice(method: 'POST' | 'PUT' | 'DELETE', url: string, key: string, payload?: object) {
  const counts = await recordCounts(db());
  const first = await send(method, url, { 'idempotency-key': key }, payload);
  const replay = await send(method, url, { 'idempotency-key': key }, payload);
  expect(first.statusCode, first.body).toBeLessThan(300);
  expect(replay.statusCode).toBe(first.statusCode);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toBe(first.body);
  expect(await recordCounts(db())).toEqual([counts[0] + 1, counts[1] + 1]);
  return { first, ...(await recordsOfRequest(db(), requestOf(first))) };
}

describe('report definition commands', () => {
  it('defines, saves and deletes once per key, each audited and announced under its request', async () => {
    const created = await sentTwice('POST', '/api/reports', 'report-create-1', definition('Once'));
    expect(created.first.statusCode).toBe(201);
    const report = created.first.json<ReportDefinition>();
    const id = String(report.ID);
    expect(created.audits).toEqual([
      { action: 'report.create', entity_type: 'report_definition', entity_id: id, address: '127.0.0.1' },
    ]);
    expect(created.events).toEqual([{ name: 'report.created', entity_type: 'report_definition', entity_id: id }]);

    const url = `/api/reports/${id}`;
    const saved = await sentTwice('PUT', url, 'report-edit-1', {
      ...definition('Once, renamed'),
      version: report.version,
    });
    expect(saved.first.json<ReportDefinition>()).toMatchObject({ name: 'Once, renamed', version: report.version + 1 });
    expect(saved.first.headers.etag).toBe(`"${report.version + 1}"`);
    expect(saved.audits.map((a) => a.action)).toEqual(['report.update']);
    expect(saved.events.map((e) => e.name)).toEqual(['report.changed']);

    const deleted = await sentTwice('DELETE', url, 'report-delete-1');
    expect(deleted.first.statusCode).toBe(204);
    expect(deleted.audits.map((a) => a.action)).toEqual(['report.delete']);
    expect(deleted.events.map((e) => e.name)).toEqual(['report.deleted']);
    expect(await db().selectFrom('report_definitions').select('id').where('id', '=', report.ID).execute()).toEqual([]);
  });

  it('refuses a stale version and a taken name, changing nothing, recording nothing, leaving the key free', async () => {
    const report = (await send('POST', '/api/reports', {}, definition('Stale'))).json<ReportDefinition>();
    const url = `/api/reports/${report.ID}`;
    expect(
      (await send('PUT', url, {}, { ...definition('Stale'), format: 'pdf', version: report.version })).statusCode,
    ).toBe(200);
    const counts = await recordCounts(db());
    const stale = await send(
      'PUT',
      url,
      { 'idempotency-key': 'report-stale-1' },
      { ...definition('Lost'), version: report.version },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone else saved this report meanwhile: reload it and make your change again',
      details: [{ field: 'version', message: String(report.version + 1) }],
    });
    // A stale If-Match on a deletion is refused the same way.
    const staleDelete = await send('DELETE', url, { 'if-match': `"${report.version}"` });
    expect(staleDelete.statusCode).toBe(409);
    const taken = await send('POST', '/api/reports', { 'idempotency-key': 'report-taken-1' }, definition('stale'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ message: string }>().message).toMatch(/already exists/);
    expect(await recordCounts(db())).toEqual(counts);
    expect([await keyUsed(db(), 'report-stale-1'), await keyUsed(db(), 'report-taken-1')]).toEqual([false, false]);
    const row = await db()
      .selectFrom('report_definitions')
      .select(['name', 'version'])
      .where('id', '=', report.ID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Stale', version: report.version + 1 });
  });
});
