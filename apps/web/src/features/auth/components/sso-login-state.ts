import { loginMessages, type IdentityProviderSettings, type SsoLoginForm } from '@hasp/contracts';

/** What the server's SAML endpoint (ACS) put in the address when it sent the browser back to /login. */
export interface SsoReturn {
  /** The one-time SSO token (an empty parameter counts as none). */
  token: string | null;
  /** The IdP's answer was refused (`ssoError=1`). */
  failed: boolean;
  connectionStringName: string | null;
}

const RETURN_PARAMS = ['ssoToken', 'ssoError', 'connectionStringName'];

export function readSsoReturn(search: string): SsoReturn {
  const params = new URLSearchParams(search);
  return {
    token: params.get('ssoToken') || null,
    failed: params.get('ssoError') === '1',
    connectionStringName: params.get('connectionStringName'),
  };
}

/** The address without the SSO parameters: the token must not stay in the address bar or history. */
export function searchWithoutSsoReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The login screen's SSO state for the chosen connection:
 * - `pending`: the connection's SSO settings are still loading;
 * - `off`: the usual username and password form;
 * - `redirect`: go to the identity provider now (SSO on, no token, not logged out: the seed's rule);
 * - `token`: back from the IdP with a token; choose the facility and Login;
 * - `failed` / `loggedOut`: SSO on but no automatic redirect; Login or Start Over goes to the IdP.
 */
export type SsoMode = 'pending' | 'off' | 'redirect' | 'token' | 'failed' | 'loggedOut';

export function ssoMode(input: {
  /** undefined while loading; null when unknown (no connection chosen, or the settings failed to load). */
  settings: IdentityProviderSettings | null | undefined;
  /** The token held for this connection (null = none). */
  token: string | null;
  failed: boolean;
  loggedOut: boolean;
}): SsoMode {
  const { settings } = input;
  if (settings === undefined) return 'pending';
  if (!settings?.useSSO || !settings.spAPIRedirect) return 'off';
  if (input.failed) return 'failed';
  if (input.token !== null) return 'token';
  return input.loggedOut ? 'loggedOut' : 'redirect';
}

/** The seed's message for an SSO state, shown until the user acts. */
export function ssoModeMessage(mode: SsoMode): string | null {
  if (mode === 'failed') return loginMessages.invalidCredentialsSso;
  if (mode === 'loggedOut') return loginMessages.loggedOut;
  return null;
}

/**
 * The SSO login's body when it can be sent (a token, a connection and a facility), else null. Checked
 * by hand: the contracts' schema would add its module to the login route's budget.
 */
export function ssoLoginBody(
  values: { connectionStringName: string; facilityId: string },
  token: string | null,
): SsoLoginForm | null {
  const facilityId = Number(values.facilityId);
  if (!token || !values.connectionStringName.trim() || !Number.isInteger(facilityId) || facilityId <= 0) return null;
  return { connectionStringName: values.connectionStringName, facilityId, token };
}
