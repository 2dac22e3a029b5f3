import { describe, expect, it } from 'vitest';
import { loginMessages, type IdentityProviderSettings } from '@hasp/contracts';
import { readSsoReturn, searchWithoutSsoReturn, ssoLoginBody, ssoMode, ssoModeMessage } from './sso-login-state';

const on: IdentityProviderSettings = {
  useSSO: true,
  stilUseSSO: true,
  spAPIRedirect: '/api/saml/login?connectionStringName=SSO',
};
const off: IdentityProviderSettings = { useSSO: false, stilUseSSO: false, spAPIRedirect: '' };
const arrival = { token: null, failed: false, loggedOut: false };

describe('the address the IdP round trip comes back to', () => {
  it('reads the token, the error flag and the connection', () => {
    expect(readSsoReturn('?ssoToken=abc-_1&connectionStringName=SSO')).toEqual({
      token: 'abc-_1',
      failed: false,
      connectionStringName: 'SSO',
    });
    expect(readSsoReturn('?ssoError=1&connectionStringName=North%20Site')).toEqual({
      token: null,
      failed: true,
      connectionStringName: 'North Site',
    });
    expect(readSsoReturn('')).toEqual({ token: null, failed: false, connectionStringName: null });
    // An empty token is no token: the screen goes to the IdP for a real one.
    expect(readSsoReturn('?ssoToken=').token).toBeNull();
  });

  it('drops the SSO parameters and keeps the rest (the remembered target)', () => {
    expect(searchWithoutSsoReturn('?ssoToken=abc&connectionStringName=SSO')).toBe('');
    expect(searchWithoutSsoReturn('?redirect=%2Fannouncements&ssoError=1')).toBe('?redirect=%2Fannouncements');
    expect(searchWithoutSsoReturn('')).toBe('');
  });
});

describe('the SSO state of the login screen', () => {
  it('waits for the settings, and is off when SSO is off or not set up', () => {
    expect(ssoMode({ ...arrival, settings: undefined })).toBe('pending');
    expect(ssoMode({ ...arrival, settings: off })).toBe('off');
    expect(ssoMode({ ...arrival, settings: null })).toBe('off');
    expect(ssoMode({ ...arrival, settings: { ...on, spAPIRedirect: '' } })).toBe('off');
    // A token for a connection without SSO does not hide the password form.
    expect(ssoMode({ ...arrival, token: 't', settings: off })).toBe('off');
  });

  it('goes to the IdP when SSO is on, no token is present and the user was not logged out', () => {
    expect(ssoMode({ ...arrival, settings: on })).toBe('redirect');
  });

  it('does not bounce back to the IdP after a sign-out or a failure', () => {
    expect(ssoMode({ ...arrival, settings: on, loggedOut: true })).toBe('loggedOut');
    expect(ssoMode({ ...arrival, settings: on, failed: true })).toBe('failed');
    expect(ssoMode({ ...arrival, settings: on, failed: true, token: 't' })).toBe('failed');
  });

  it('offers the facility choice with a token, even after a sign-out', () => {
    expect(ssoMode({ ...arrival, settings: on, token: 't' })).toBe('token');
    expect(ssoMode({ ...arrival, settings: on, token: 't', loggedOut: true })).toBe('token');
  });

  it("shows the seed's messages word for word", () => {
    expect(ssoModeMessage('failed')).toBe('Invalid Credentials. Login again or Start Over.');
    expect(ssoModeMessage('loggedOut')).toBe('You have been logged out.');
    expect(ssoModeMessage('token')).toBeNull();
    expect(ssoModeMessage('redirect')).toBeNull();
    expect(loginMessages.ssoMissing).toBe(
      'Invalid SSO login: required fields or token missing. Please refresh the page or try logging in again.',
    );
    expect(loginMessages.authorizationFailed).toBe('Authorization Failed');
  });
});

describe('the SSO login body', () => {
  const values = { connectionStringName: 'SSO', facilityId: '2', username: '', password: '' };

  it('carries the connection, the facility id and the token', () => {
    expect(ssoLoginBody(values, 'tok')).toEqual({ connectionStringName: 'SSO', facilityId: 2, token: 'tok' });
  });

  it('is missing without a token, a facility or a connection', () => {
    expect(ssoLoginBody(values, null)).toBeNull();
    expect(ssoLoginBody(values, '')).toBeNull();
    expect(ssoLoginBody({ ...values, facilityId: '' }, 'tok')).toBeNull();
    expect(ssoLoginBody({ ...values, connectionStringName: '' }, 'tok')).toBeNull();
  });
});
