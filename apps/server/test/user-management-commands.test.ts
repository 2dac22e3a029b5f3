import { describe, expect, it } from 'vitest';
import { keyUsed, recordCounts, recordsOfRequest, requestOf, useCommandApp } from './support/command-app';
import { addUser, groupId } from './support/user-fixtures';

// User Management's bulk actions and CSV import run as commands: each is audited (one row per user
// changed, under the request's id) and announced once, applies once per Idempotency-Key, and a
// refusal leaves no row, event or used key.

const { db, send } = useCommandApp();
const base = '/api/admin/user-management';
const header = 'userName,displayName,email,groups,facilities,isActiveDirectoryUser';
const recordsOf = (requestId: string) => recordsOfRequest(db(), requestId);

/** A user of the administrator's facility (North Plant), with no group. */
const createUser = (userName: string) => addUser(db(), userName, [1], []);
const supervisors = () => groupId(db(), 1, 'Supervisors');

describe('user.bulk-action', () => {
  it('adds a group to many users once per key: a row per user and one event under the request', async () => {
    const [a, b] = [await createUser('bulkcmd.a'), await createUser('bulkcmd.b')];
    const group = await supervisors();
    const payload = { action: 'addGroup', userIDs: [a, b], groupID: group };
    const [audits, events] = await recordCounts(db());
    const first = await send('POST', `${base}/bulk`, { 'idempotency-key': 'bulk-add-1' }, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ action: 'addGroup', requested: 2, changed: 2, unchanged: 0 });
    const replay = await send('POST', `${base}/bulk`, { 'idempotency-key': 'bulk-add-1' }, payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await recordCounts(db())).toEqual([audits + 2, events + 1]);
    expect(await recordsOf(requestOf(first))).toEqual({
      audits: [a, b].map((id) => ({
        action: 'user.group.add',
        entity_type: 'user',
        entity_id: String(id),
        address: '127.0.0.1',
      })),
      events: [{ name: 'users.bulk-changed', entity_type: 'facility', entity_id: '1' }],
    });
    // Sent again with a new key, nothing changes: no audit row, no event.
    const again = await send('POST', `${base}/bulk`, { 'idempotency-key': 'bulk-add-2' }, payload);
    expect(again.json()).toMatchObject({ changed: 0, unchanged: 2 });
    expect(await recordCounts(db())).toEqual([audits + 2, events + 1]);
  });

  it('deactivates many users in one command, one row each', async () => {
    const [a, b] = [await createUser('bulkcmd.d1'), await createUser('bulkcmd.d2')];
    const response = await send(
      'POST',
      `${base}/bulk`,
      { 'idempotency-key': 'bulk-deactivate-1' },
      { action: 'deactivate', userIDs: [a, b] },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await recordsOf(requestOf(response))).toMatchObject({
      audits: [
        { action: 'user.deactivate', entity_id: String(a) },
        { action: 'user.deactivate', entity_id: String(b) },
      ],
      events: [{ name: 'users.bulk-changed' }],
    });
  });

  it('a refusal leaves no row, no event and its key unused', async () => {
    const a = await createUser('bulkcmd.r');
    const before = await recordCounts(db());
    const refused = await send(
      'POST',
      `${base}/bulk`,
      { 'idempotency-key': 'bulk-refused-1' },
      { action: 'addGroup', userIDs: [a, 999_999], groupID: await supervisors() },
    );
    expect(refused.statusCode).toBe(404);
    expect(await recordCounts(db())).toEqual(before);
    expect(await keyUsed(db(), 'bulk-refused-1')).toBe(false);
    expect(await db().selectFrom('user_groups').select('group_id').where('user_id', '=', a).execute()).toEqual([]);
  });
});

describe('user.import', () => {
  it('imports a file once per key: a row per user and one event under the request', async () => {
    const csv = `${header}\nimportcmd.a,Import A,,Supervisors,,false\nimportcmd.b,Import B,,,,false`;
    const [audits, events] = await recordCounts(db());
    const first = await send('POST', `${base}/import`, { 'idempotency-key': 'import-1' }, { csv });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ valid: true, imported: true, created: 2, updated: 0 });
    const replay = await send('POST', `${base}/import`, { 'idempotency-key': 'import-1' }, { csv });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(await recordCounts(db())).toEqual([audits + 2, events + 1]);
    const users = await db()
      .selectFrom('users')
      .select('id')
      .where('user_name', 'in', ['importcmd.a', 'importcmd.b'])
      .orderBy('user_name')
      .execute();
    expect(users).toHaveLength(2);
    expect(await recordsOf(requestOf(first))).toEqual({
      audits: users.map((u) => ({
        action: 'user.create',
        entity_type: 'user',
        entity_id: String(u.id),
        address: '127.0.0.1',
      })),
      events: [{ name: 'users.imported', entity_type: 'facility', entity_id: '1' }],
    });
  });

  it('a dry run or a bad file writes nothing and uses no key', async () => {
    const before = await recordCounts(db());
    const preview = await send(
      'POST',
      `${base}/import`,
      { 'idempotency-key': 'import-dry-1' },
      { csv: `${header}\nimportcmd.dry,Dry,,,,false`, dryRun: true },
    );
    expect(preview.json()).toMatchObject({ valid: true, dryRun: true, imported: false, created: 1 });
    const bad = await send(
      'POST',
      `${base}/import`,
      { 'idempotency-key': 'import-bad-1' },
      { csv: `${header}\nimportcmd.bad,Bad,,No Such Group,,false` },
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ valid: false, imported: false });
    expect(await recordCounts(db())).toEqual(before);
    expect(await keyUsed(db(), 'import-dry-1')).toBe(false);
    expect(
      await db()
        .selectFrom('users')
        .select('id')
        .where('user_name', 'in', ['importcmd.dry', 'importcmd.bad'])
        .execute(),
    ).toEqual([]);
  });
});
