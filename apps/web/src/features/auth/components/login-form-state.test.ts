import { describe, expect, it } from 'vitest';
import { loginMessages, type LoginPageData } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import {
  initialConnectionName,
  initialFacilityId,
  loginFailureMessage,
  noFacilitiesMessage,
  validateLoginForm,
} from './login-form-state';

const pageData: LoginPageData = {
  connectionStringNames: ['Demo', 'Empty'],
  defaultConnectionStringName: 'Demo',
  defaultFacilityId: 1,
  facilities: [
    { ID: 1, name: 'North Plant', companyID: null },
    { ID: 2, name: 'Riverside Chemical Processing Complex', companyID: null },
  ],
  identityProviderSettings: { useSSO: false, stilUseSSO: false, spAPIRedirect: '' },
  ssoToken: null,
};

describe('login form preselection', () => {
  it('prefers the connection used last, when it still exists', () => {
    expect(initialConnectionName(pageData, 'Empty')).toBe('Empty');
    expect(initialConnectionName(pageData, 'Gone')).toBe('Demo');
    expect(initialConnectionName(pageData, null)).toBe('Demo');
    expect(initialConnectionName({ ...pageData, defaultConnectionStringName: null }, null)).toBe('Demo');
    expect(initialConnectionName({ ...pageData, connectionStringNames: [] }, 'Demo')).toBe('');
  });

  it('prefers the facility used last, else the first', () => {
    expect(initialFacilityId(pageData.facilities, 2)).toBe('2');
    expect(initialFacilityId(pageData.facilities, 99)).toBe('1');
    expect(initialFacilityId(pageData.facilities, null)).toBe('1');
    expect(initialFacilityId([], 2)).toBe('');
  });
});

describe('login form validation', () => {
  const valid = { connectionStringName: 'Demo', facilityId: '1', username: 'admin', password: 'secret' };

  it("uses the seed's required-field messages", () => {
    const result = validateLoginForm({ connectionStringName: '', facilityId: '', username: ' ', password: '' });
    expect(result.success).toBe(false);
    expect(result.errors).toEqual({
      connectionStringName: loginMessages.connectionRequired,
      facilityId: loginMessages.facilityRequired,
      username: loginMessages.usernameRequired,
      password: loginMessages.passwordRequired,
    });
  });

  it('turns a valid form into the login request', () => {
    const result = validateLoginForm(valid);
    expect(result.success && result.data).toEqual({ ...valid, facilityId: 1 });
  });
});

describe('login messages', () => {
  it('names the default connection until the user picks another one', () => {
    expect(noFacilitiesMessage('Demo', pageData, false)).toBe(loginMessages.noFacilitiesForDefault);
    expect(noFacilitiesMessage('Demo', pageData, true)).toBe(loginMessages.noFacilitiesForConnection);
    expect(noFacilitiesMessage('Empty', pageData, false)).toBe(loginMessages.noFacilitiesForConnection);
  });

  it("shows the server's message, or says the server is unreachable", () => {
    const throttled = new ApiRequestError(429, { code: 'RATE_LIMITED', message: 'Too many failed sign-ins.' });
    expect(loginFailureMessage(throttled)).toBe('Too many failed sign-ins.');
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
