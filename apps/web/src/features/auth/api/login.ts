import { useMutation } from '@tanstack/react-query';
import { loginResultSchema, type LoginForm, type LoginResult } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { writeLastLogin } from '../../../lib/storage';

/** Signs in; the server also sets the HttpOnly refresh cookie. */
export function login(form: LoginForm): Promise<LoginResult> {
  return apiRequest('login', { method: 'POST', body: form, schema: loginResultSchema });
}

/** Signs in, starts the session and remembers the connection and facility for next time. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      authSession.start(result);
      writeLastLogin(result.connectionStringName, result.facility.ID);
    },
  });
}
