import { useId } from 'react';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import {
  announcementManagerButtons,
  announcementManagerLabels,
  type Announcement,
  type AnnouncementGroup,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { StatusAction } from '../api/change-announcement-status';
import { formatDateTime } from '../format-date';
import classes from './Manager.module.css';

// Outline badges in dark shades: their text keeps 4.5:1 on white.
const statusColor = { draft: '#495057', published: '#1b5e20', expired: '#8a4b00', archived: '#343a40' } as const;

interface ManagerListItemProps {
  announcement: Announcement;
  groups: AnnouncementGroup[] | undefined;
  busy: boolean;
  online: boolean;
  onEdit: () => void;
  onAction: (action: StatusAction) => void;
  onShowAcknowledgements: () => void;
}

/** One announcement in the manager's list, with what can be done to it in its status. */
export function ManagerListItem(props: ManagerListItemProps) {
  const { announcement: a, groups, busy, online } = props;
  const t = useCaptions();
  const titleId = useId();
  const l = announcementManagerLabels;
  const b = announcementManagerButtons;
  const from = formatDateTime(a.validFrom);
  const window = a.validTo ? t(l.validWindow, { from, to: formatDateTime(a.validTo) }) : t(l.validOpenEnded, { from });
  const names = a.audienceGroupIDs.map((id) => groups?.find((g) => g.ID === id)?.name ?? `#${id}`);
  const audience = names.length ? t(l.groupsList, { names: names.join(', ') }) : t(l.everyone);
  const archived = a.status === 'archived';
  const disabled = busy || !online;
  return (
    <Paper component="article" withBorder radius="md" p="md" className={classes.item} aria-labelledby={titleId}>
      <div className={classes.itemHeader}>
        <h2 id={titleId} className={classes.itemTitle}>
          {a.title}
        </h2>
        <Badge color={statusColor[a.status]} variant="outline" className={classes.badge}>
          {t(l[`status::${a.status}`])}
        </Badge>
      </div>
      <Text size="sm" className={classes.meta}>
        {window}
      </Text>
      <Text size="sm" className={classes.meta}>
        {audience}
        {a.requiresAcknowledgement && (
          <>
            <span aria-hidden="true"> · </span>
            {t(l.acknowledgementRequired)}
          </>
        )}
        <span aria-hidden="true"> · </span>
        {t(l.author, { name: a.author.displayName })}
      </Text>
      <Group gap="xs" mt="xs" role="group" aria-label={t(l.announcementActions, { title: a.title })}>
        {!archived && (
          <Button size="xs" variant="default" onClick={props.onEdit} disabled={!online}>
            {t(b.edit)}
          </Button>
        )}
        {(a.status === 'draft' || a.status === 'expired') && (
          <Button size="xs" onClick={() => props.onAction('publish')} disabled={disabled}>
            {t(b.publish)}
          </Button>
        )}
        {a.status === 'published' && (
          <Button size="xs" variant="default" onClick={() => props.onAction('expire')} disabled={disabled}>
            {t(b.expire)}
          </Button>
        )}
        {a.requiresAcknowledgement && (
          <Button size="xs" variant="default" onClick={props.onShowAcknowledgements} disabled={!online}>
            {t(b.acknowledgements)}
          </Button>
        )}
        {!archived && (
          <Button
            size="xs"
            variant="outline"
            color="red.8"
            onClick={() => props.onAction('archive')}
            disabled={disabled}
          >
            {t(b.archive)}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
