import { useState } from 'react';
import { loginPageDataSchema, type LoginPageData } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { fetchLoginData, useLoginRequest } from './login-request';

const PAGE_DATA_KEY = 'login/pagedata';

/** Connections, the default connection and its facilities, and the SSO settings. */
export function getLoginPageData(): Promise<LoginPageData> {
  return apiRequest('login/pagedata', { schema: loginPageDataSchema });
}

/** Whether the page load asked for the page data before the screen was drawn, and no visit used it yet. */
let preloaded = false;

/**
 * Asks for the page data as the app starts on /login (main.tsx), before React has drawn anything,
 * so the answer arrives alongside the first paint instead of one round trip after it.
 */
export function preloadLoginPageData(): void {
  preloaded = true;
  fetchLoginData(PAGE_DATA_KEY, getLoginPageData).catch(() => undefined);
}

/**
 * Loaded on every visit to the login screen: it should show today's connections. The first visit
 * of a page load uses the answer asked for at start (or still on its way).
 */
export function useLoginPageData() {
  const [usesPreload] = useState(() => {
    const first = preloaded;
    preloaded = false;
    return first;
  });
  return useLoginRequest(PAGE_DATA_KEY, getLoginPageData, usesPreload ? Number.POSITIVE_INFINITY : 0);
}
