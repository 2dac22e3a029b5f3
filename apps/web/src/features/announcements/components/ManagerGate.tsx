import type { ReactNode } from 'react';
import { Button, Center, Loader, Text } from '@mantine/core';
import { announcementManagerButtons, announcementManagerMessages, announcementManagerTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useRightNavAccess } from '../../../lib/right-nav-access';
import classes from './Announcements.module.css';

/**
 * The manager opened by its URL follows its right-nav entry's rules (as PlannedPage's gate does):
 * nothing when the facility switches Announcement Manage off or the user lacks its right-nav
 * permission. The server refuses every manager call too; this keeps the screen honest.
 */
export function ManagerGate({ children }: { children: ReactNode }) {
  const t = useCaptions();
  const { access, retry } = useRightNavAccess('announcement-manage');
  if (access === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={t(announcementManagerTitles.childPage)} />
      </Center>
    );
  }
  if (access === 'error') {
    return (
      <div className={classes.note}>
        <Text>{t(announcementManagerMessages.permissionsFailed)}</Text>
        <Button variant="default" mt="sm" onClick={retry}>
          {t(announcementManagerButtons.retry)}
        </Button>
      </div>
    );
  }
  if (access === 'switchedOff') {
    return <Text className={classes.note}>{t(announcementManagerMessages.switchedOff)}</Text>;
  }
  if (access === 'denied') {
    return <Text className={classes.note}>{t(announcementManagerMessages.noPermission)}</Text>;
  }
  return children;
}
