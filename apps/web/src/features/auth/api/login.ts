import { useState } from 'react';
import { loginResultSchema, type LoginForm, type LoginResult, type SsoLoginForm } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { writeLastLogin, writeLoggedOutFlag } from '../../../lib/storage';

/** Signs in with a password, or with a single sign-on token; the server also sets the HttpOnly refresh cookie. */
export function login(form: LoginForm | SsoLoginForm): Promise<LoginResult> {
  return apiRequest('token' in form ? 'login/sso' : 'login', { method: 'POST', body: form, schema: loginResultSchema });
}

/**
 * Signs in, starts the session and remembers the connection and facility for next time.
 * `isPending` covers the request; `isSuccess` stays true while the app moves on to the signed-in area.
 */
export function useLogin() {
  const [state, setState] = useState<'idle' | 'pending' | 'success'>('idle');
  return {
    isPending: state === 'pending',
    isSuccess: state === 'success',
    async submit(form: LoginForm | SsoLoginForm): Promise<LoginResult> {
      setState('pending');
      try {
        const result = await login(form);
        authSession.start(result, 'token' in form);
        writeLoggedOutFlag(false);
        writeLastLogin(result.connectionStringName, result.facility.ID);
        setState('success');
        return result;
      } catch (error) {
        setState('idle');
        throw error;
      }
    },
  };
}
