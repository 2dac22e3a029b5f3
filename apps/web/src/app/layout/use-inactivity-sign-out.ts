import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { inactivityTimeoutMinutes, watchInactivity, type InactivityWatch } from '../../lib/inactivity';
import { signOutForInactivity } from '../../lib/sign-out';

/**
 * Signs the user out after the facility's inactivity timeout (1440 minutes offline). Settings that
 * arrive later, or going on- or offline, change the timeout without counting as activity.
 */
export function useInactivitySignOut(loginTimeout: unknown, online: boolean): void {
  const queryClient = useQueryClient();
  const timeoutMs = inactivityTimeoutMinutes(loginTimeout, online) * 60_000;
  const watch = useRef<InactivityWatch | null>(null);
  const latestTimeout = useRef(timeoutMs);

  useEffect(() => {
    const current = watchInactivity({
      timeoutMs: latestTimeout.current,
      onTimeout: () => signOutForInactivity(queryClient),
    });
    watch.current = current;
    return () => {
      current.stop();
      watch.current = null;
    };
  }, [queryClient]);

  useEffect(() => {
    latestTimeout.current = timeoutMs;
    watch.current?.setTimeoutMs(timeoutMs);
  }, [timeoutMs]);
}
