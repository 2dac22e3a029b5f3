import { describe, expect, it } from 'vitest';
import { useCommandApp, REQUEST_ID_HEADER, type Method } from './support/command-app';
import { login } from './test-app';

// User Manage's writes run as commands (decision 0119): each is audited and announced through the
// runner under the request's id, applies once per Idempotency-Key, and refuses a stale If-Match.

const { app, db, send } = useCommandApp();
const input = (userName: string, extra: object = {}) => ({
  userName,
  displayName: `User ${userName}`,
  email: null,
  isActiveDirectoryUser: false,
  groupIDs: [] as number[],
  facilityIDs: [] as number[],
  ...extra,
});
async function createUser(userName: string): Promise<number> {
  const response = await send('POST', '/api/security/users', {}, input(userName));
  expect(response.statusCode).toBe(200);
  return response.json<{ ID: number }>().ID;
}

/** The audit rows and domain events about the user, in order. */
async function recordsOf(userId: number) {
  const [audits, events] = await Promise.all([
    db()
      .selectFrom('audit_log')
      .select(['action', 'request_id', 'address', 'user_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .orderBy('id')
      .execute(),
    db()
      .selectFrom('domain_events')
      .select(['name', 'request_id', 'facility_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .orderBy('id')
      .execute(),
  ]);
  return { audits, events };
}

/** Sends the command twice with one key: the first applies, the second answers what the first did. */
async function sentTwice(method: Method, url: string, key: string, payload?: object) {
  const first = await send(method, url, { 'idempotency-key': key }, payload);
  const replay = await send(method, url, { 'idempotency-key': key }, payload);
  expect(first.headers[REQUEST_ID_HEADER]).toEqual(expect.any(String));
  return { first, replay, requestId: String(first.headers[REQUEST_ID_HEADER]) };
}

describe('user manage commands', () => {
  it('creates a user once per key, audited and announced under the request’s id', async () => {
    const { first, replay, requestId } = await sentTwice('POST', '/api/security/users', 'user-create-1', input('once'));
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await db().selectFrom('users').select('id').where('user_name', '=', 'once').execute()).toHaveLength(1);
    const { audits, events } = await recordsOf(first.json<{ ID: number }>().ID);
    expect(audits).toEqual([
      { action: 'user.create', request_id: requestId, address: expect.any(String), user_id: expect.any(Number) },
    ]);
    expect(events).toEqual([{ name: 'user.created', request_id: requestId, facility_id: 1 }]);
  });

  it('edits once per key, answers the new version, and refuses a stale If-Match with nothing changed', async () => {
    const id = await createUser('versioned');
    const url = `/api/security/users/${id}`;
    const version = (await db().selectFrom('users').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
    const edited = input('versioned', { displayName: 'Renamed once' });
    const { first, replay, requestId } = await sentTwice('PUT', url, 'user-edit-1', edited);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(first.headers.etag).toBe(`"${version + 1}"`);
    expect(replay.headers.etag).toBe(`"${version + 1}"`);
    expect(replay.json()).toEqual(first.json());

    const stale = await send('PUT', url, { 'if-match': `"${version}"` }, input('versioned', { displayName: 'Lost' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'This user was changed by someone else. Reload them and try again.',
      details: [{ field: 'version', message: String(version + 1) }],
    });
    const current = await send(
      'PUT',
      url,
      { 'if-match': `"${version + 1}"` },
      input('versioned', { displayName: 'Kept' }),
    );
    expect(current.statusCode).toBe(200);
    expect(current.headers.etag).toBe(`"${version + 2}"`);

    const { audits, events } = await recordsOf(id);
    expect(audits.map((a) => a.action)).toEqual(['user.create', 'user.update', 'user.update']);
    expect(audits[1]!.request_id).toBe(requestId);
    expect(events.map((e) => e.name)).toEqual(['user.created', 'user.changed', 'user.changed']);
    expect(events[1]!.request_id).toBe(requestId);
    const row = await db().selectFrom('users').select('display_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.display_name).toBe('Kept');
  });

  it('deactivates, reactivates and unlocks once per key, each audited and announced under its request', async () => {
    const id = await createUser('toggled');
    const deactivated = await sentTwice('POST', `/api/security/users/${id}/deactivate`, 'user-deactivate-1');
    const reactivated = await sentTwice('POST', `/api/security/users/${id}/reactivate`, 'user-reactivate-1');
    await db()
      .updateTable('users')
      .set({ locked_at: new Date(), failed_login_count: 9 })
      .where('id', '=', id)
      .execute();
    const unlocked = await sentTwice('POST', `/api/security/users/${id}/unlock`, 'user-unlock-1');
    for (const sent of [deactivated, reactivated, unlocked]) {
      expect([sent.first.statusCode, sent.replay.statusCode]).toEqual([200, 200]);
      expect(sent.replay.headers['idempotent-replayed']).toBe('true');
      expect(sent.replay.json()).toEqual(sent.first.json());
    }
    expect(deactivated.first.json()).toMatchObject({ isActive: false });
    expect(reactivated.first.json()).toMatchObject({ isActive: true, lockedAt: null });
    const { audits, events } = await recordsOf(id);
    expect(audits.map((a) => [a.action, a.request_id])).toEqual([
      ['user.create', expect.any(String)],
      ['user.deactivate', deactivated.requestId],
      ['user.reactivate', reactivated.requestId],
      ['user.unlock', unlocked.requestId],
    ]);
    expect(events.map((e) => [e.name, e.request_id])).toEqual([
      ['user.created', expect.any(String)],
      ['user.deactivated', deactivated.requestId],
      ['user.reactivated', reactivated.requestId],
      ['user.unlocked', unlocked.requestId],
    ]);
    // A stale version is refused here too, before anything changes.
    const stale = await send('POST', `/api/security/users/${id}/deactivate`, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect((await recordsOf(id)).audits).toHaveLength(4);
  });

  it('resets a password once per key; the replay says the password was shown once, and no table keeps it', async () => {
    const id = await createUser('reset-once');
    const url = `/api/security/users/${id}/reset-password`;
    const { first, replay, requestId } = await sentTwice('POST', url, 'user-reset-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { oneTimePassword } = first.json<{ oneTimePassword: string }>();
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(
      'This password was already reset by this request; its one-time password was shown only then. Reset the password again to get a new one.',
    );
    // The first password still signs in: the replay changed nothing.
    expect((await login(app.t.app, { username: 'reset-once', password: oneTimePassword })).statusCode).toBe(200);
    const { audits, events } = await recordsOf(id);
    expect(audits.map((a) => [a.action, a.request_id])).toEqual([
      ['user.create', expect.any(String)],
      ['user.password.reset', requestId],
    ]);
    expect(events.map((e) => [e.name, e.request_id])).toEqual([
      ['user.created', expect.any(String)],
      ['user.password.reset', requestId],
    ]);
    const stored = await db()
      .selectFrom('idempotency_keys')
      .select(['command', 'response'])
      .where('key', '=', 'user-reset-1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ command: 'user.password.reset', response: null });
    // A new key is a new reset, with a new password.
    const again = await send('POST', url, { 'idempotency-key': 'user-reset-2' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ oneTimePassword: string }>().oneTimePassword).not.toBe(oneTimePassword);
  });

  it('leaves neither audit row, event nor used key behind when a command is refused', async () => {
    const adminId = (
      await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const before = await recordsOf(adminId);
    const refused = await send('POST', `/api/security/users/${adminId}/deactivate`, { 'idempotency-key': 'self-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You cannot deactivate your own account');
    expect(await recordsOf(adminId)).toEqual(before);
    const keys = await db().selectFrom('idempotency_keys').select('key').where('key', '=', 'self-1').execute();
    expect(keys).toEqual([]);
    // A taken name is still refused at its field, and the key stays free for the corrected form.
    const taken = await send('POST', '/api/security/users', { 'idempotency-key': 'taken-1' }, input('ADMIN'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ field: 'userName', message: 'This user name is already taken' }]);
    expect(await db().selectFrom('idempotency_keys').select('key').where('key', '=', 'taken-1').execute()).toEqual([]);
  });
});
