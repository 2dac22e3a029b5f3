import { formatDateTime } from '../../../lib/date-time';
import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  tagCommandCaptions,
  tagsLabels as L,
  type Caption,
  type Permit,
  type Tag,
  type TagCommand,
  tagReasonIn,
  TAG_NOTE_MAX,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { useTagCommand, usePermitTags } from '../api/tags-api';
import { TagQrCode } from './TagQrCode';
import { TagStateBadge } from './TagStateBadge';
import classes from './Tags.module.css';

// The next step first: the floor's commands before the link's.
const order: TagCommand[] = [
  'apply',
  'verify',
  'remove',
  'mark-printed',
  'report-missing',
  'note',
  'void',
  'revoke-link',
  'renew-link',
];
const asksReason: Partial<Record<TagCommand, { required: boolean; label: Caption }>> = {
  void: { required: true, label: L.askVoid },
  'report-missing': { required: false, label: L.askMissing },
  note: { required: true, label: L.askNote },
};
const when = (at: string | null) => (at ? formatDateTime(at) : '');

function TagCard({ permitId, permitNumber, tag }: { permitId: number; permitNumber: string; tag: Tag }) {
  const t = useCaptions();
  const command = useTagCommand(permitId);
  const [asking, setAsking] = useState<TagCommand | null>(null);
  const [reason, setReason] = useState('');
  const refusal = command.error instanceof ApiRequestError ? command.error.serverMessage : null;
  // The dialog's text is a note's own field, else the verb's reason.
  const give = (verb: TagCommand, text?: string) =>
    command.mutate(
      { verb, tag, ...(text !== undefined ? (verb === 'note' ? { note: text } : { reason: text }) : {}) },
      { onSuccess: () => setAsking(null) },
    );
  const actions = order.filter((c) => tag.allowedCommands.includes(c));
  const ask = asking ? asksReason[asking] : undefined;
  return (
    <Card withBorder padding="md" data-testid="tag-card" aria-labelledby={`tag-${tag.ID}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Title order={3} id={`tag-${tag.ID}`} className={classes.number}>
              {t(L.tag, { number: tag.number })}
            </Title>
            <TagStateBadge state={tag.state} />
          </Stack>
          {tag.statusToken ? <TagQrCode token={tag.statusToken} number={tag.number} /> : null}
        </Group>
        {tag.point ? (
          <Text className={classes.point}>
            {tag.point.code} — {tag.point.location}
          </Text>
        ) : (
          <Text className={classes.point}>{t(L.personalLock)}</Text>
        )}
        {tag.legend ? <Text fw={700}>{tag.legend.value}</Text> : null}
        {tag.reason ? <Text>{t(L.reason, { reason: tagReasonIn(tag.reason, permitNumber, t) })}</Text> : null}
        {tag.appliedBy ? (
          <Text data-testid="tag-applier">
            {t(L.appliedBy, { name: tag.appliedBy.displayName, at: when(tag.appliedAt) })}
          </Text>
        ) : null}
        {tag.appliedBy?.department ? (
          <Text data-testid="tag-applier-department">
            {t(L.applierDepartment, { department: tag.appliedBy.department })}
          </Text>
        ) : null}
        {tag.appliedBy?.contact ? (
          <Text data-testid="tag-applier-contact">{t(L.applierContact, { contact: tag.appliedBy.contact })}</Text>
        ) : null}
        {tag.verifiedBy ? (
          <Text>{t(L.verifiedBy, { name: tag.verifiedBy.displayName, at: when(tag.verifiedAt) })}</Text>
        ) : null}
        {tag.removedBy ? (
          <Text>{t(L.removedBy, { name: tag.removedBy.displayName, at: when(tag.removedAt) })}</Text>
        ) : null}
        {tag.voidReason ? <Text>{t(L.voided, { reason: tag.voidReason })}</Text> : null}
        {tag.replacesTagId ? <Text>{t(L.replaces)}</Text> : null}
        {tag.notes?.map((note, i) => (
          <Text key={i} data-testid="tag-note">
            {t(L.note, { name: note.by.displayName, at: when(note.at), text: note.text })}
          </Text>
        ))}
        {!tag.statusToken ? <Text c="dimmed">{t(L.linkRevoked)}</Text> : null}
        {refusal ? (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        ) : null}
        {actions.length ? (
          <div className={classes.actions}>
            {actions.map((verb, i) => (
              <Button
                key={verb}
                size="md"
                className={classes.action}
                variant={i === 0 ? 'filled' : 'default'}
                loading={command.isPending && command.variables?.verb === verb}
                onClick={() => (asksReason[verb] ? (setReason(''), setAsking(verb)) : give(verb))}
              >
                {t(tagCommandCaptions[verb])}
              </Button>
            ))}
          </div>
        ) : null}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(L.commandTitle, { command: t(tagCommandCaptions[asking]), number: tag.number }) : ''}
      >
        <Stack>
          <Textarea
            label={ask ? t(ask.label) : undefined}
            maxLength={asking === 'note' ? TAG_NOTE_MAX : undefined}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Button
            size="md"
            disabled={!!ask?.required && !reason.trim()}
            loading={command.isPending}
            onClick={() => asking && give(asking, reason.trim() || undefined)}
          >
            {asking ? t(tagCommandCaptions[asking]) : ''}
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The permit page's Tags section: each tag as a card with its QR code and the commands allowed now. */
export function TagsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const tags = usePermitTags(permit.ID);
  if (tags.isPending) return <Loader aria-label={t(L.loading)} />;
  if (tags.isError) return <Alert color="red">{t(L.loadFailed)}</Alert>;
  if (!tags.data.length) return <Text>{t(L.none)}</Text>;
  return (
    <Stack gap="md" data-testid="tags-section">
      {tags.data.map((tag) => (
        <TagCard key={tag.ID} permitId={permit.ID} permitNumber={permit.number} tag={tag} />
      ))}
    </Stack>
  );
}
