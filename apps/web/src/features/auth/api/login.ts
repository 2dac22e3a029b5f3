import { useState } from 'react';
import { loginResultSchema, type LoginForm, type LoginResult, type SsoLoginForm } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { writeLastLogin, writeLoggedOutFlag } from '../../../lib/storage';

/** Signs in with a password, or with a single sign-on token; the server also sets the HttpOnly refresh cookie. */
export function login(form: LoginForm | SsoLoginForm): Promise<LoginResult> {
  return apiRequest('token' in form ? 'login/sso' : 'login', { method: 'POST', body: form, schema: loginResultSchema });
}

let beforeSignIn: () => Promise<unknown> = () => Promise.resolve();

/**
 * What must be on the device before a session starts: the app gives the loading of the signed-in
 * code, so a network lost the moment the sign-in answer arrives still finds the offline dashboard.
 * A sign-in sends its request only once this is loaded; when the network fails it, the form says
 * the server could not be reached and nothing is signed in (a session with no code to show it would
 * leave the user on an error page, offline, with no way back).
 */
export function prepareBeforeSignIn(prepare: () => Promise<unknown>): void {
  beforeSignIn = prepare;
}

/** Starts that loading early, when the user begins on the form: by the Login tap it is usually here. */
export function warmUpSignIn(): void {
  beforeSignIn().catch(() => undefined);
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
        await beforeSignIn();
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
