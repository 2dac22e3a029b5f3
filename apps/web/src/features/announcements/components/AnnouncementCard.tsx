import { useId } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { announcementsButtons, announcementsLabels, type Announcement } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { RichTextView } from '../../../components/rich-text-editor';
import { useCaptions } from '../../../lib/i18n';
import { formatDateTime } from '../format-date';
import classes from './Announcements.module.css';

interface AnnouncementCardProps {
  announcement: Announcement;
  canAcknowledge: boolean;
  acknowledging: boolean;
  onAcknowledge: () => void;
}

/** One announcement as its readers see it. */
export function AnnouncementCard({
  announcement,
  canAcknowledge,
  acknowledging,
  onAcknowledge,
}: AnnouncementCardProps) {
  const t = useCaptions();
  const titleId = useId();
  const from = formatDateTime(announcement.validFrom);
  const window = announcement.validTo
    ? t(announcementsLabels.validWindow, { from, to: formatDateTime(announcement.validTo) })
    : t(announcementsLabels.validOpenEnded, { from });
  return (
    <Paper component="article" withBorder radius="md" p="lg" className={classes.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.cardTitle}>
        {announcement.title}
      </h2>
      <Text size="sm" className={classes.meta}>
        {t(announcementsLabels.postedBy, { name: announcement.author.displayName })}
        <span aria-hidden="true"> · </span>
        {window}
      </Text>
      <RichTextView html={announcement.bodyHtml} className={classes.body} />
      {announcement.requiresAcknowledgement && (
        <div className={classes.acknowledgement}>
          {announcement.acknowledgedAt ? (
            <Text size="sm" className={classes.acknowledged}>
              <Icon name="checks" size={18} />
              {t(announcementsLabels.acknowledgedAt, { date: formatDateTime(announcement.acknowledgedAt) })}
            </Text>
          ) : (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{t(announcementsLabels.pleaseAcknowledge)}</Text>
              <Button
                onClick={onAcknowledge}
                loading={acknowledging}
                disabled={!canAcknowledge}
                aria-describedby={titleId}
              >
                {t(announcementsButtons.acknowledge)}
              </Button>
            </Group>
          )}
        </div>
      )}
    </Paper>
  );
}
