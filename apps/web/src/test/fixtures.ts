import type { LoginResult } from '@hasp/contracts';

/** A login/refresh answer as the server sends it to a browser (the refresh token is only in the HttpOnly cookie). */
export function loginResult(token: string, overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token,
    expiresIn: 900,
    user: {
      ID: 1,
      userName: 'admin',
      displayName: 'Alex Admin',
      email: 'admin@hasp.example',
      isActiveDirectoryUser: false,
      groups: ['Administrators'],
    },
    facility: { ID: 2, name: 'Riverside Chemical Processing Complex', companyID: null },
    connectionStringName: 'Demo',
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
