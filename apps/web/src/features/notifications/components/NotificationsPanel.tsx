import { useState, type ReactNode } from 'react';
import { Button, Drawer, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  NOTIFICATIONS_PANEL_WIDTH_PX,
  notificationsLabels,
  notificationsMessageCaptions,
  type Notification,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useDeleteAllNotifications } from '../api/delete-all-notifications';
import { useNotifications } from '../api/get-notifications';
import { notificationKeys, type NotificationFilter } from '../api/keys';
import { useMarkAllNotificationsSeen } from '../api/mark-all-notifications-seen';
import { useMarkNotificationSeen, whenReadsSettled } from '../api/mark-notification-seen';
import { DeleteAllDialog } from './DeleteAllDialog';
import { Icon } from '../../../components/Icon';
import { NotificationItem } from './NotificationItem';
import classes from './Notifications.module.css';

interface NotificationsPanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The seed's notifications panel: 425 px from the right (full width on a phone), Unread/All toggle,
 * mark all read, delete all (All only, after a confirmation), unread and read sections. A
 * notification counts as read once it has been on screen in the open panel; it stays in the unread
 * section until the panel closes, so nothing jumps while the user reads.
 */
export function NotificationsPanel({ opened, onClose }: NotificationsPanelProps) {
  const t = useCaptions();
  const [filter, setFilter] = useState<NotificationFilter>('unread');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [shownUnread, setShownUnread] = useState<ReadonlySet<number>>(new Set());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useNotifications(filter, opened);
  const markSeen = useMarkNotificationSeen();
  const markAll = useMarkAllNotificationsSeen();
  const deleteAll = useDeleteAllNotifications();

  const close = () => {
    onClose();
    setShownUnread(new Set());
    // The next opening starts from the server's view (read ones leave the unread list), once the
    // reads made in this opening have committed (an earlier answer would list them as unread again).
    void whenReadsSettled(queryClient).then(() =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
    );
  };

  const seen = (notification: Notification) => {
    if (notification.seenDate !== null || shownUnread.has(notification.ID)) return;
    setShownUnread((ids) => new Set(ids).add(notification.ID));
    markSeen.mutate(notification.ID);
  };

  const open = (notification: Notification) => {
    if (!notification.link) return;
    close();
    if (/^https?:\/\//i.test(notification.link)) window.location.assign(notification.link);
    else void navigate(notification.link);
  };

  const notifications = list.data?.notifications ?? [];
  const unread = notifications.filter((n) => n.seenDate === null || shownUnread.has(n.ID));
  const read = filter === 'all' ? notifications.filter((n) => n.seenDate !== null && !shownUnread.has(n.ID)) : [];
  const unreadCount = list.data?.unreadCount ?? 0;

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={`min(${NOTIFICATIONS_PANEL_WIDTH_PX}px, 100vw)`}
      title={t(notificationsLabels.title)}
      classNames={{ body: classes.body, title: classes.title }}
      closeButtonProps={{ 'aria-label': t(notificationsLabels.close) }}
      zIndex={300}
    >
      <Group justify="space-between" gap="xs" className={classes.toolbar}>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value === 'all' ? 'all' : 'unread')}
          data={[
            { value: 'unread', label: t(notificationsLabels.unread) },
            { value: 'all', label: t(notificationsLabels.all) },
          ]}
          aria-label={t(notificationsLabels.show)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<Icon name="checks" size={16} />}
            disabled={unreadCount === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t(notificationsLabels.markAllRead)}
          </Button>
          {filter === 'all' && (
            <Button
              size="xs"
              variant="default"
              color="red.8"
              leftSection={<Icon name="trash" size={16} />}
              disabled={notifications.length === 0}
              onClick={() => setConfirmDelete(true)}
            >
              {t(notificationsLabels.deleteAll)}
            </Button>
          )}
        </Group>
      </Group>

      {list.isPending ? (
        <Group justify="center" p="xl" role="status">
          <Loader size="sm" />
          <Text size="sm">{t(notificationsLabels.loading)}</Text>
        </Group>
      ) : list.isError ? (
        <Text className={classes.empty} role="alert">
          {t(notificationsLabels.failed)}
        </Text>
      ) : filter === 'all' && notifications.length === 0 ? (
        <Text className={classes.empty}>{t(notificationsMessageCaptions.none)}</Text>
      ) : (
        <Stack gap="lg" mt="md">
          <Section id="unread" title={t(notificationsLabels.unread)} empty={t(notificationsMessageCaptions.noUnread)}>
            {unread.map((n) => (
              <NotificationItem key={n.ID} notification={n} unread onSeen={seen} onOpen={open} />
            ))}
          </Section>
          {read.length > 0 && (
            <Section id="read" title={t(notificationsLabels.read)}>
              {read.map((n) => (
                <NotificationItem key={n.ID} notification={n} unread={false} onSeen={seen} onOpen={open} />
              ))}
            </Section>
          )}
        </Stack>
      )}

      <DeleteAllDialog
        opened={confirmDelete}
        deleting={deleteAll.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => deleteAll.mutate(undefined, { onSettled: () => setConfirmDelete(false) })}
      />
    </Drawer>
  );
}

function Section({ id, title, empty, children }: { id: string; title: string; empty?: string; children: ReactNode[] }) {
  const headingId = `notifications-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} className={classes.sectionTitle}>
        {title}
      </Title>
      {children.length > 0 ? (
        <ul className={classes.list}>{children}</ul>
      ) : (
        <Text className={classes.empty}>{empty}</Text>
      )}
    </section>
  );
}
