import { useLayoutEffect } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@hasp/contracts';
import { useAuthState } from '../../lib/auth-session';
import { pageTitleState } from '../../lib/page-title';
import { loginPathFor } from '../../lib/redirect-target';
import classes from './StandaloneAnnouncementManager.module.css';

/**
 * The seed's top-level announcement-manager route: the announcement manager outside the main
 * layout (no top bar, `showTopbar` false), for a wall display or a pop-up window. Sign-in is still
 * required. `/announcement-manager` itself is the framed page under the main layout.
 */
export function StandaloneAnnouncementManager() {
  const { session, endReason } = useAuthState();
  const location = useLocation();
  useLayoutEffect(() => {
    pageTitleState.set({ title: 'Announcement Manage', showTopbar: false });
  }, []);
  if (!session) return <Navigate to={endReason === 'signedOut' ? '/login' : loginPathFor(location)} replace />;
  return (
    <main className={classes.screen}>
      <title>{`Announcement Manage · ${PRODUCT_NAME}`}</title>
      <h1 className={classes.title}>Announcement Manage</h1>
      <Text>
        Write, schedule and retire the announcements everyone in {session.facility.name} sees. This screen is not
        available yet; it arrives in a later release.
      </Text>
      <div>
        <Button component={Link} to="/announcement-manager" variant="default">
          Open in the main layout
        </Button>
      </div>
    </main>
  );
}
