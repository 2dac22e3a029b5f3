import { AppShell } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthState } from '../../lib/auth-session';
import { loginPathFor } from '../../lib/redirect-target';
import { TopBar } from './TopBar';

/**
 * The signed-in frame. When the session ends (sign-out, or a refresh the server refused) it sends
 * the user to /login; an expired session remembers the page to come back to.
 */
export function MainLayout() {
  const { session, endReason } = useAuthState();
  const location = useLocation();
  if (!session) return <Navigate to={endReason === 'signedOut' ? '/login' : loginPathFor(location)} replace />;
  return (
    <AppShell header={{ height: 60 }}>
      <AppShell.Header>
        <TopBar session={session} />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
