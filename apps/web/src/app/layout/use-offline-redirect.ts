import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Going offline (the browser's offline event or the user's toggle) opens the offline dashboard;
 * coming back online leaves the user where they are. `signedInOnline`: this session began with the
 * network (a sign-in or a token renewal, not a reload with no network), so a network lost before the
 * layout even appeared — in the first second after sign-in — is going offline too (issue 18).
 */
export function useOfflineRedirect(online: boolean, signedInOnline = false): void {
  const navigate = useNavigate();
  const wasOnline = useRef(online || signedInOnline);
  useEffect(() => {
    if (wasOnline.current && !online) void navigate('/offline/dashboard');
    wasOnline.current = online;
  }, [online, navigate]);
}
