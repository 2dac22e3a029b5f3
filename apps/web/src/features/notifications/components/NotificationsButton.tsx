import { useState } from 'react';
import { notificationsLabels } from '@hasp/contracts';
import { translate, useCaptions, type Translate } from '../../../lib/i18n';
import { ActionIcon, Indicator } from '@mantine/core';
import { useNotifications } from '../api/get-notifications';
import { useNotificationStream } from '../api/notification-stream';
import { Icon } from '../../../components/Icon';
import { NotificationsPanel } from './NotificationsPanel';
import classes from './Notifications.module.css';

const UNREAD_POLL_MS = 30_000;

/** "Notifications, 3 unread": the bell's accessible name carries the count the badge shows. */
export function notificationsLabel(unread: number, t: Translate = translate): string {
  return unread > 0 ? t(notificationsLabels.bellUnread, { count: unread }) : t(notificationsLabels.title);
}

/**
 * The top bar's bell with the unread count; opens the notifications panel. While it is on screen the
 * live stream keeps the count and the lists current; while the stream is down, a slow poll does.
 */
export function NotificationsButton() {
  const [opened, setOpened] = useState(false);
  const t = useCaptions();
  const streamOpen = useNotificationStream();
  // While the stream is down (reconnecting with a backoff of up to 30 s, or refused), the count is
  // polled so the bell does not go stale.
  const unread = useNotifications('unread', true, streamOpen ? false : UNREAD_POLL_MS);
  const count = unread.data?.unreadCount ?? 0;
  return (
    <>
      <Indicator
        label={count > 99 ? '99+' : count}
        disabled={count === 0}
        size={18}
        color="red.8"
        offset={6}
        className={classes.indicator}
      >
        <ActionIcon
          variant="subtle"
          color="gray.0"
          size="lg"
          aria-label={notificationsLabel(count, t)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          <Icon name="bell" />
        </ActionIcon>
      </Indicator>
      <NotificationsPanel opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
