import { useLayoutEffect } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import {
  announcementManagerButtons,
  announcementManagerLabels,
  announcementManagerTitles,
  PRODUCT_NAME,
} from '@hasp/contracts';
import { AnnouncementManager, ManagerGate } from '../../features/announcements';
import { useAuthState } from '../../lib/auth-session';
import { useCaptions } from '../../lib/i18n';
import { pageTitleState } from '../../lib/page-title';
import { loginPathFor } from '../../lib/redirect-target';
import classes from './StandaloneAnnouncementManager.module.css';

/**
 * The seed's top-level announcement-manager route: the announcement manager outside the main
 * layout (no top bar, `showTopbar` false), for a wall display or a pop-up window. Sign-in is still
 * required, and the same right-nav rules as the framed page. `/announcement-manager` itself is the
 * framed page under the main layout; this answers below it (e.g. `/announcement-manager/window`).
 */
export function StandaloneAnnouncementManager() {
  const t = useCaptions();
  const { session, endReason } = useAuthState();
  const location = useLocation();
  const title = t(announcementManagerTitles.childPage);
  useLayoutEffect(() => {
    pageTitleState.set({ title, showTopbar: false });
  }, [title]);
  if (!session) return <Navigate to={endReason === 'signedOut' ? '/login' : loginPathFor(location)} replace />;
  return (
    <main className={classes.screen}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div className={classes.header}>
        <div>
          <h1 className={classes.title}>{title}</h1>
          <Text c="gray.8">{t(announcementManagerLabels.lead)}</Text>
        </div>
        <Button component={Link} to="/announcement-manager" variant="default">
          {t(announcementManagerButtons.openFramed)}
        </Button>
      </div>
      <ManagerGate>
        <AnnouncementManager />
      </ManagerGate>
    </main>
  );
}
