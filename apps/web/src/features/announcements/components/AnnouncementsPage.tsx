import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { announcementsButtons, announcementsMessages, announcementsLabels, announcementsTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { useAcknowledgeAnnouncement } from '../api/acknowledge-announcement';
import { useCurrentAnnouncements } from '../api/get-current-announcements';
import { AnnouncementCard } from './AnnouncementCard';
import classes from './Announcements.module.css';

/**
 * `/announcements`: what is addressed to the user now, newest first, with the acknowledgement the
 * author asked for. Offline it shows what was loaded last in this session, and says so.
 */
export function AnnouncementsPage() {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const list = useCurrentAnnouncements(networkOnline);
  const acknowledge = useAcknowledgeAnnouncement();
  const announcements = list.data ?? [];

  let content: React.ReactNode;
  if (!networkOnline && !list.data) {
    content = <Text className={classes.note}>{t(announcementsMessages.offlineNone)}</Text>;
  } else if (list.isPending) {
    content = <Loader className={classes.loader} aria-label={t(announcementsTitles.page)} />;
  } else if (list.isError && !list.data) {
    content = (
      <Alert color="red" variant="light" title={t(announcementsMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void list.refetch()}>
          {t(announcementsButtons.retry)}
        </Button>
      </Alert>
    );
  } else if (announcements.length === 0) {
    content = <Text className={classes.note}>{t(announcementsMessages.empty)}</Text>;
  } else {
    content = (
      <Stack gap="md" component="ul" className={classes.list}>
        {announcements.map((announcement) => (
          <li key={announcement.ID}>
            <AnnouncementCard
              announcement={announcement}
              canAcknowledge={networkOnline}
              acknowledging={acknowledge.isPending && acknowledge.variables === announcement.ID}
              onAcknowledge={() => acknowledge.mutate(announcement.ID)}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Page title={t(announcementsTitles.page)} lead={t(announcementsLabels.lead)}>
      {!networkOnline && list.data && (
        <Alert color="yellow" variant="light" role="status">
          {t(announcementsMessages.offline)}
        </Alert>
      )}
      {content}
    </Page>
  );
}
