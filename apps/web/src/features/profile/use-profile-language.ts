import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthState } from '../../lib/auth-session';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { useNetwork } from '../../lib/network-state';
import { profileQueryOptions } from './api/get-profile';

/** The language being switched to, so the page's save and this hook never load it twice at once. */
let switchingTo: string | null = null;

/** Shows the app in `code` unless it already is (or is on its way there). */
export function applyPreferredLanguage(code: string | null | undefined): void {
  if (!code || code === currentLanguage() || code === switchingTo) return;
  switchingTo = code;
  void setLanguage(code).finally(() => {
    switchingTo = null;
  });
}

/**
 * For the signed-in frame: switches the app to the user's saved preferred language once the
 * profile arrives (fetched once per sign-in), so a new device speaks it without a visit to the
 * profile page.
 */
export function useProfileLanguage(): void {
  const { session } = useAuthState();
  const { networkOnline } = useNetwork();
  const { data } = useQuery({
    ...profileQueryOptions(session?.connectionStringName ?? '', session?.user.ID ?? 0),
    enabled: session !== null && networkOnline,
  });
  const code = data?.languageCode;
  useEffect(() => applyPreferredLanguage(code), [code]);
}
