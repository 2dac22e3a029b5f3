import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_UNAVAILABLE_MESSAGE } from '@hasp/contracts';
import { hashPassword } from '../src/modules/auth/password';
import { verifyDirectoryPassword } from '../src/modules/directory/directory-password';
import { escapeFilterValue } from '../src/modules/directory/ldap-filter';
import { writeSetting } from './support/write-setting';
import { DEMO_PASSWORD, createTestApp, login, type TestApp } from './test-app';
import { directoryServiceAccount, directoryUsers, startSlapd, type TestDirectory } from './support/slapd';

// Active Directory users sign in with their directory password: a real slapd, a real database.
let t: TestApp;
let directory: TestDirectory;
const db = () => t.connections[0]!.db;
const { alice, bob, carol } = directoryUsers;

beforeAll(async () => {
  [t, directory] = await Promise.all([createTestApp(), startSlapd()]);
  // Hasp's side: users flagged as Active Directory users (no local password), in North Plant.
  for (const userName of [alice.uid, bob.uid, carol.uid, '*)(uid=*', 'al*']) {
    const { id } = await db()
      .insertInto('users')
      .values({ user_name: userName, display_name: userName, is_active_directory_user: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: id, facility_id: 1 }).execute();
  }
  // Carol still has a password hash from before she became a directory user: it must never count.
  await db()
    .updateTable('users')
    .set({ password_hash: await hashPassword('carol-old-local-pass') })
    .where('user_name', '=', carol.uid)
    .execute();
  await configure({
    'ldap.url': directory.url,
    'ldap.baseDn': `ou=people,${directory.baseDn}`,
    'ldap.bindDn': directoryServiceAccount.dn,
    'ldap.bindPassword': directoryServiceAccount.password,
    'ldap.userFilter': '(uid={{username}})',
  });
});
afterAll(async () => {
  await directory?.stop();
  await t?.close();
});

async function configure(settings: Record<string, string | number | boolean>) {
  const admin = await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  for (const [key, value] of Object.entries(settings)) {
    await writeSetting(db(), { key, value, facilityId: null, userId: admin.id, auditFacilityId: 1 });
  }
}

const signIn = (username: string, password: string) => login(t.app, { username, password });
const failuresOf = async (userName: string) =>
  (
    await db()
      .selectFrom('users')
      .select('failed_login_count')
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow()
  ).failed_login_count;

/** A TCP server that accepts and then says nothing, counting connections: a hung (or idle) directory. */
async function silentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `ldap://127.0.0.1:${port}`,
    connections: () => count,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the LDAP filter', () => {
  it('escapes the characters that would change a filter (RFC 4515)', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c');
    expect(escapeFilterValue('José Müller')).toBe('José Müller');
  });
});

describe('directory sign-in', () => {
  it('signs an Active Directory user in with the directory password', async () => {
    const response = await signIn('Alice', alice.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { userName: alice.uid, isActiveDirectoryUser: true } });
  });

  it('refuses a wrong password with the usual answer and counts it towards the lock', async () => {
    const response = await signIn(bob.uid, 'not-bobs-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await failuresOf(bob.uid)).toBe(1);
    expect((await signIn(bob.uid, bob.password)).statusCode).toBe(200);
    expect(await failuresOf(bob.uid)).toBe(0);
  });

  it('locks a directory user after the threshold, like a local one', async () => {
    await configure({ 'security.lockoutThreshold': 3 });
    try {
      for (let i = 0; i < 3; i += 1) expect((await signIn(carol.uid, 'wrong')).statusCode).toBe(401);
      const locked = await signIn(carol.uid, carol.password);
      expect(locked.statusCode).toBe(401);
      expect(locked.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    } finally {
      await configure({ 'security.lockoutThreshold': 10 });
      await db()
        .updateTable('users')
        .set({ locked_at: null, failed_login_count: 0 })
        .where('user_name', '=', carol.uid)
        .execute();
    }
  });

  it('cannot be steered by LDAP filter syntax in the user name', async () => {
    // Unescaped, (uid=al*) would find Alice and her password would open the session.
    for (const name of ['*)(uid=*', 'al*']) {
      const response = await signIn(name, alice.password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    expect(await verifyDirectoryPassword(db(), 'alice)(|(uid=*', alice.password)).toBe(false);
    expect(await verifyDirectoryPassword(db(), '*', alice.password)).toBe(false);
  });

  it('refuses an empty password before contacting the directory (no unauthenticated bind)', async () => {
    const silent = await silentServer();
    try {
      await configure({ 'ldap.url': silent.url });
      expect(await verifyDirectoryPassword(db(), alice.uid, '')).toBe(false);
      expect(silent.connections()).toBe(0);
    } finally {
      await configure({ 'ldap.url': directory.url });
      await silent.close();
    }
    expect((await signIn(alice.uid, '')).statusCode).toBe(400);
  });

  it('speaks ldaps:// and StartTLS, trusting the configured CA only', async () => {
    await configure({ 'ldap.url': directory.ldapsUrl, 'ldap.tlsCaCertificate': directory.caCertificate });
    expect(await verifyDirectoryPassword(db(), alice.uid, alice.password)).toBe(true);
    // Pasted into a one-line field, the certificate lost its line breaks: still accepted.
    await configure({ 'ldap.tlsCaCertificate': directory.caCertificate.replace(/\n/g, ' ') });
    expect(await verifyDirectoryPassword(db(), alice.uid, alice.password)).toBe(true);
    await configure({ 'ldap.url': directory.url, 'ldap.startTls': true });
    expect(await verifyDirectoryPassword(db(), alice.uid, alice.password)).toBe(true);
    expect(await verifyDirectoryPassword(db(), alice.uid, 'wrong')).toBe(false);
    // Without the CA, the self-made certificate is not trusted: the directory is "unavailable".
    await configure({ 'ldap.url': directory.ldapsUrl, 'ldap.startTls': false, 'ldap.tlsCaCertificate': '' });
    await expect(verifyDirectoryPassword(db(), alice.uid, alice.password)).rejects.toMatchObject({
      code: 'DIRECTORY_UNAVAILABLE',
      reason: expect.stringMatching(/certificate/i) as unknown,
    });
    await configure({ 'ldap.url': directory.url, 'ldap.startTls': true });
    await expect(verifyDirectoryPassword(db(), alice.uid, alice.password)).rejects.toMatchObject({
      code: 'DIRECTORY_UNAVAILABLE',
    });
    await configure({ 'ldap.startTls': false, 'ldap.tlsCaCertificate': directory.caCertificate });
  });

  it('treats a refused service account or a silent directory as unavailable', async () => {
    await configure({ 'ldap.bindPassword': 'not-the-service-password' });
    await expect(verifyDirectoryPassword(db(), alice.uid, alice.password)).rejects.toMatchObject({
      statusCode: 503,
      code: 'DIRECTORY_UNAVAILABLE',
    });
    await configure({ 'ldap.bindPassword': directoryServiceAccount.password });
    const silent = await silentServer();
    try {
      await configure({ 'ldap.url': silent.url, 'ldap.timeoutMs': 1000 });
      const started = Date.now();
      await expect(verifyDirectoryPassword(db(), alice.uid, alice.password)).rejects.toMatchObject({
        code: 'DIRECTORY_UNAVAILABLE',
      });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await configure({ 'ldap.url': directory.url, 'ldap.timeoutMs': 5000 });
      await silent.close();
    }
  });

  it('keeps directory users out of the local password change', async () => {
    const session = (await signIn(alice.uid, alice.password)).json<{ token: string }>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { currentPassword: alice.password, newPassword: 'a-new-local-password-2026' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Your password is managed by your organisation’s directory' });
  });

  it('leaves local users on their local passwords', async () => {
    expect((await signIn('worker', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a stopped directory with a clear 503, never with a stored password', async () => {
    await directory.stop();
    for (const password of [carol.password, 'carol-old-local-pass']) {
      const response = await signIn(carol.uid, password);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'DIRECTORY_UNAVAILABLE', message: DIRECTORY_UNAVAILABLE_MESSAGE });
    }
    // The outage is not the user's failure: nothing counted; the reason is in the auth log.
    expect(await failuresOf(carol.uid)).toBe(0);
    const event = await db()
      .selectFrom('auth_events')
      .select('detail')
      .where('kind', '=', 'directory_unavailable')
      .where('user_name', '=', carol.uid)
      .executeTakeFirstOrThrow();
    expect(event.detail).toMatch(/ECONNREFUSED/);
    expect((await signIn('worker', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same when no directory is configured', async () => {
    await configure({ 'ldap.url': '' });
    const response = await signIn(alice.uid, alice.password);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 'DIRECTORY_UNAVAILABLE', message: DIRECTORY_UNAVAILABLE_MESSAGE });
  });
});
