import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  announcementManagerButtons,
  announcementManagerLabels,
  announcementManagerMessages,
  announcementManagerTitles,
  announcementStatuses,
  type Announcement,
  type AnnouncementStatus,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { showToast } from '../../../lib/toast';
import { useChangeAnnouncementStatus, type StatusAction } from '../api/change-announcement-status';
import { useAnnouncementGroups } from '../api/get-announcement-groups';
import { useManagedAnnouncements } from '../api/get-managed-announcements';
import { AcknowledgementsDialog } from './AcknowledgementsDialog';
import { AnnouncementForm } from './AnnouncementForm';
import { ArchiveDialog } from './ArchiveDialog';
import { ManagerListItem } from './ManagerListItem';
import classes from './Manager.module.css';

type Filter = AnnouncementStatus | 'all';
const doneMessages = {
  publish: announcementManagerMessages.published,
  expire: announcementManagerMessages.expired,
  archive: announcementManagerMessages.archived,
} as const;

/**
 * The announcement manager: the list with its status filter, and the editor. Which one shows, and
 * the filter, live in the address (`?edit=new`, `?edit=12`, `?status=draft`), so the browser's back
 * button and a reload keep the place. Used framed (`/announcement-manager`) and standalone.
 */
export function AnnouncementManager() {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const [params, setParams] = useSearchParams();
  const list = useManagedAnnouncements(networkOnline);
  const groups = useAnnouncementGroups();
  const change = useChangeAnnouncementStatus();
  const [archiving, setArchiving] = useState<Announcement | null>(null);
  const [showingAcks, setShowingAcks] = useState<Announcement | null>(null);
  const l = announcementManagerLabels;
  const b = announcementManagerButtons;

  const status = params.get('status');
  const filter: Filter = announcementStatuses.includes(status as AnnouncementStatus) ? (status as Filter) : 'all';
  const editing = params.get('edit');

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'status' },
    );

  const run = (announcement: Announcement, action: StatusAction) =>
    change.mutate(
      { id: announcement.ID, action },
      {
        onSuccess: (updated) => {
          setArchiving(null);
          showToast({ title: updated.title, message: t(doneMessages[action]), tone: 'success' });
        },
      },
    );

  if (editing !== null) {
    const announcement = editing === 'new' ? null : list.data?.find((a) => String(a.ID) === editing);
    if (announcement === undefined) {
      if (list.isPending)
        return (
          <Center py="xl">
            <Loader aria-label={t(announcementManagerTitles.edit)} />
          </Center>
        );
    } else {
      return (
        <AnnouncementForm
          key={editing}
          announcement={announcement}
          groups={groups.data}
          online={networkOnline}
          onDone={() => setParam('edit', null)}
        />
      );
    }
  }

  const shown = (list.data ?? []).filter((a) => (filter === 'all' ? a.status !== 'archived' : a.status === filter));
  return (
    <Stack gap="md">
      {!networkOnline && (
        <Alert color="yellow" variant="light" role="status">
          {t(announcementManagerMessages.offline)}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" gap="sm" className={classes.toolbar}>
        <NativeSelect
          label={t(l.statusFilter)}
          value={filter}
          onChange={(event) =>
            setParam('status', event.currentTarget.value === 'all' ? null : event.currentTarget.value)
          }
          data={(['all', ...announcementStatuses] as const).map((s) => ({ value: s, label: t(l[`status::${s}`]) }))}
          className={classes.filter}
        />
        <Button
          leftSection={<Icon name="plus" size={18} />}
          onClick={() => setParam('edit', 'new')}
          disabled={!networkOnline}
        >
          {t(b.create)}
        </Button>
      </Group>
      {list.isPending && networkOnline ? (
        <Center py="xl">
          <Loader aria-label={t(announcementManagerTitles.childPage)} />
        </Center>
      ) : list.isError && !list.data ? (
        <Alert color="red" variant="light" title={t(announcementManagerMessages.loadFailed)}>
          <Button variant="default" mt="xs" onClick={() => void list.refetch()}>
            {t(b.retry)}
          </Button>
        </Alert>
      ) : shown.length === 0 ? (
        <Text className={classes.note}>{t(announcementManagerMessages.empty)}</Text>
      ) : (
        <ul className={classes.list}>
          {shown.map((announcement) => (
            <li key={announcement.ID}>
              <ManagerListItem
                announcement={announcement}
                groups={groups.data}
                online={networkOnline}
                busy={change.isPending && change.variables.id === announcement.ID}
                onEdit={() => setParam('edit', String(announcement.ID))}
                onShowAcknowledgements={() => setShowingAcks(announcement)}
                onAction={(action) => (action === 'archive' ? setArchiving(announcement) : run(announcement, action))}
              />
            </li>
          ))}
        </ul>
      )}
      <ArchiveDialog
        title={archiving?.title ?? null}
        archiving={change.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() => archiving && run(archiving, 'archive')}
      />
      <AcknowledgementsDialog announcement={showingAcks} onClose={() => setShowingAcks(null)} />
    </Stack>
  );
}
