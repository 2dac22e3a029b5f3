import { describe, expect, it, vi } from 'vitest';
import { localKeys, sessionKeys, userSchema } from '@hasp/contracts';
import { loginResult } from '../test/fixtures';
import {
  readWaitingChanges,
  writeWaitingChanges,
  clearSessionKeys,
  parseStoredId,
  parseStoredJson,
  readLastLogin,
  readStoredSession,
  writeLastLogin,
  writeSessionKeys,
} from './storage';

describe('session storage', () => {
  it('writes every seed session key, objects as JSON and the rest as text, and never a token', () => {
    writeSessionKeys(loginResult('secret-access-token'));
    expect(Object.keys(window.sessionStorage).sort()).toEqual([...sessionKeys].sort());
    expect(window.sessionStorage.getItem('connectionStringName')).toBe('Demo');
    expect(window.sessionStorage.getItem('facilityId')).toBe('2');
    expect(window.sessionStorage.getItem('facilityName')).toBe('Riverside Chemical Processing Complex');
    expect(JSON.parse(window.sessionStorage.getItem('facility')!)).toEqual({
      ID: 2,
      name: 'Riverside Chemical Processing Complex',
      companyID: null,
    });
    expect(JSON.parse(window.sessionStorage.getItem('user')!)).toMatchObject({ userName: 'admin' });
    expect(window.sessionStorage.getItem('loggedInViaSSO')).toBe('false');
    expect(window.sessionStorage.getItem('showTopbar')).toBe('true');
    const everything = JSON.stringify({ ...window.sessionStorage, ...window.localStorage });
    expect(everything).not.toContain('secret-access-token');
  });

  it('reads the session back', () => {
    writeSessionKeys(loginResult('t'));
    expect(readStoredSession()).toMatchObject({
      connectionStringName: 'Demo',
      facilityId: 2,
      facility: { name: 'Riverside Chemical Processing Complex' },
      user: { displayName: 'Alex Admin' },
      loggedInViaSSO: false,
    });
  });

  it('only logs a stored value that does not parse, and carries on without it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeSessionKeys(loginResult('t'));
    window.sessionStorage.setItem('user', '{not json');
    expect(readStoredSession()).toBeNull();
    window.sessionStorage.setItem('user', JSON.stringify({ userName: 42 }));
    expect(readStoredSession()).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(String(log.mock.calls[0]?.[0])).toContain('"user"');
  });

  it('parses JSON against a schema', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseStoredJson('user', null, userSchema)).toBeNull();
    expect(parseStoredJson('user', 'undefined', userSchema)).toBeNull();
    expect(parseStoredJson('user', JSON.stringify(loginResult('t').user), userSchema)).toMatchObject({ ID: 1 });
  });

  it('accepts only positive integer ids', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseStoredId('facilityId', '7')).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'abc', 'null']) expect(parseStoredId('facilityId', bad)).toBeNull();
    expect(parseStoredId('facilityId', null)).toBeNull();
  });

  it('sign-out clears the session keys but keeps the local-storage preselection', () => {
    writeSessionKeys(loginResult('t'));
    writeLastLogin('Demo', 2);
    clearSessionKeys();
    expect(window.sessionStorage.length).toBe(0);
    expect(readLastLogin()).toEqual({ connectionStringName: 'Demo', facilityId: 2 });
  });

  it('ignores a broken preselection', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(localKeys.lastFacilityId, 'North Plant');
    expect(readLastLogin()).toEqual({ connectionStringName: null, facilityId: null });
  });
});

describe('waiting changes (the login screen names them)', () => {
  const wren = { connectionStringName: 'Demo', facilityId: 1, userId: 7, userName: 'wren', displayName: 'Wren Worker' };
  const sam = { ...wren, userId: 8, userName: 'sam', displayName: 'Sam Supervisor' };

  it("keeps one count per person, replaces it as the outbox changes, and forgets a person's once none wait", () => {
    localStorage.removeItem('haspWaitingChanges');
    writeWaitingChanges({ ...wren, count: 2 });
    writeWaitingChanges({ ...sam, count: 1 });
    writeWaitingChanges({ ...wren, count: 3 });
    expect(readWaitingChanges()).toEqual([
      { ...sam, count: 1 },
      { ...wren, count: 3 },
    ]);
    writeWaitingChanges({ ...wren, count: 0 });
    expect(readWaitingChanges()).toEqual([{ ...sam, count: 1 }]);
  });

  it('reads a damaged value as nothing waiting', () => {
    localStorage.setItem('haspWaitingChanges', '{not json');
    expect(readWaitingChanges()).toEqual([]);
  });
});
