import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Going offline (the browser's offline event or the user's toggle) opens the offline dashboard;
 * coming back online leaves the user where they are.
 */
export function useOfflineRedirect(online: boolean): void {
  const navigate = useNavigate();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current && !online) void navigate('/offline/dashboard');
    wasOnline.current = online;
  }, [online, navigate]);
}
