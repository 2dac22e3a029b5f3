import { loginPageDataSchema, type LoginPageData } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { useLoginRequest } from './login-request';

/** Connections, the default connection and its facilities, and the SSO settings. */
export function getLoginPageData(): Promise<LoginPageData> {
  return apiRequest('login/pagedata', { schema: loginPageDataSchema });
}

/** Loaded on every visit to the login screen: it should show today's connections. */
export function useLoginPageData() {
  return useLoginRequest('login/pagedata', getLoginPageData);
}
