import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { tagCommandLabels, type Permit, type Tag, type TagCommand } from '@hasp/contracts';
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
  'void',
  'revoke-link',
  'renew-link',
];
const asksReason: Partial<Record<TagCommand, { required: boolean; label: string }>> = {
  void: { required: true, label: 'Why is this tag voided?' },
  'report-missing': { required: false, label: 'What happened to the tag? (optional)' },
};
const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '');

function TagCard({ permitId, tag }: { permitId: number; tag: Tag }) {
  const command = useTagCommand(permitId);
  const [asking, setAsking] = useState<TagCommand | null>(null);
  const [reason, setReason] = useState('');
  const refusal = command.error instanceof ApiRequestError ? command.error.serverMessage : null;
  const give = (verb: TagCommand, text?: string) =>
    command.mutate(
      { verb, tag, ...(text !== undefined ? { reason: text } : {}) },
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
              Tag {tag.number}
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
          <Text className={classes.point}>Personal lock</Text>
        )}
        {tag.legend ? <Text fw={700}>{tag.legend.value}</Text> : null}
        {tag.reason ? <Text>Reason: {tag.reason}</Text> : null}
        {tag.appliedBy ? (
          <Text data-testid="tag-applier">
            Applied by {tag.appliedBy.displayName}, {when(tag.appliedAt)}
          </Text>
        ) : null}
        {tag.verifiedBy ? (
          <Text>
            Verified by {tag.verifiedBy.displayName}, {when(tag.verifiedAt)}
          </Text>
        ) : null}
        {tag.removedBy ? (
          <Text>
            Removed by {tag.removedBy.displayName}, {when(tag.removedAt)}
          </Text>
        ) : null}
        {tag.voidReason ? <Text>Voided: {tag.voidReason}</Text> : null}
        {tag.replacesTagId ? <Text>Replaces a missing tag</Text> : null}
        {!tag.statusToken ? <Text c="dimmed">Status link revoked</Text> : null}
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
                {tagCommandLabels[verb]}
              </Button>
            ))}
          </div>
        ) : null}
      </Stack>
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? `${tagCommandLabels[asking]}: tag ${tag.number}` : ''}
      >
        <Stack>
          <Textarea
            label={ask?.label}
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
            {asking ? tagCommandLabels[asking] : ''}
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}

/** The permit page's Tags section: each tag as a card with its QR code and the commands allowed now. */
export function TagsSection({ permit }: { permit: Permit }) {
  const tags = usePermitTags(permit.ID);
  if (tags.isPending) return <Loader aria-label="Loading tags" />;
  if (tags.isError) return <Alert color="red">The tags could not be loaded.</Alert>;
  if (!tags.data.length) return <Text>No tags yet: each point of the isolation plan gets one.</Text>;
  return (
    <Stack gap="md" data-testid="tags-section">
      {tags.data.map((tag) => (
        <TagCard key={tag.ID} permitId={permit.ID} tag={tag} />
      ))}
    </Stack>
  );
}
