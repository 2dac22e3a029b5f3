import { afterEach, describe, expect, it } from 'vitest';
import { loginResult } from '../test/fixtures';
import { authSession } from './auth-session';
import { readLoggedOutFlag, writeLoggedOutFlag } from './storage';

afterEach(() => authSession.reset());

describe('how the session began (loggedInViaSSO)', () => {
  it('is stored at sign-in and kept by token renewals, also after a page reload', () => {
    authSession.start(loginResult('t1'), true);
    expect(window.sessionStorage.getItem('loggedInViaSSO')).toBe('true');
    authSession.start(loginResult('t2'));
    expect(authSession.getState().session?.viaSSO).toBe(true);
    // A reload: nothing in memory, the session keys still there.
    authSession.reset();
    authSession.start(loginResult('t3'));
    expect(authSession.getState().session?.viaSSO).toBe(true);
    expect(window.sessionStorage.getItem('loggedInViaSSO')).toBe('true');
  });

  it('is false for a password sign-in', () => {
    authSession.start(loginResult('t1'), false);
    authSession.start(loginResult('t2'));
    expect(window.sessionStorage.getItem('loggedInViaSSO')).toBe('false');
  });
});

describe('the logged-out flag', () => {
  it('is set when an SSO session ends, so the login screen does not go straight back to the IdP', () => {
    authSession.start(loginResult('t1'), true);
    authSession.end('signedOut');
    expect(readLoggedOutFlag()).toBe(true);
    expect(window.sessionStorage.getItem('loggedInViaSSO')).toBeNull();
    writeLoggedOutFlag(false);
    expect(readLoggedOutFlag()).toBe(false);
  });

  it('is not set when a password session ends', () => {
    authSession.start(loginResult('t1'), false);
    authSession.end('expired');
    expect(readLoggedOutFlag()).toBe(false);
  });
});
