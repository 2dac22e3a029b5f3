import { useState } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TAG_LINK_GONE_MESSAGE, tagStateLabels, type TagState } from '@hasp/contracts';
import { useTagStatus } from '../api/tags-api';
import { tagStateColors } from './TagStateBadge';
import classes from './Tags.module.css';

const stateOfLabel = (label: string) =>
  (Object.keys(tagStateLabels) as TagState[]).find((s) => tagStateLabels[s] === label);

/**
 * The public page a tag's QR code opens (`/t/:token`): no sign-in, outside the signed-in shell.
 * Big type for a phone at the machine; asks the server again every few seconds.
 */
export function TagStatusPage() {
  // Outside the signed-in shell there is no app-wide query client: the page brings its own.
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <TagStatus />
    </QueryClientProvider>
  );
}

function TagStatus() {
  const { token = '' } = useParams();
  const status = useTagStatus(token);
  return (
    <main className={classes.statusPage}>
      {status.isPending ? (
        <Loader aria-label="Loading the tag's status" />
      ) : status.data === null ? (
        <Alert color="red" role="alert" data-testid="tag-status-gone">
          <Text size="lg">{TAG_LINK_GONE_MESSAGE}</Text>
        </Alert>
      ) : status.data === undefined ? (
        <Alert color="red" role="alert">
          The tag's status could not be loaded. It is asked again in a few seconds.
        </Alert>
      ) : (
        <Stack gap="md">
          <Title order={1}>Tag {status.data.number}</Title>
          <div
            className={classes.bigState}
            style={{ color: tagStateColors[stateOfLabel(status.data.stateLabel) ?? 'planned'] }}
            data-testid="tag-status-state"
            aria-live="polite"
          >
            {status.data.stateLabel}
          </div>
          {status.data.pointCode ? (
            <Text className={classes.statusPoint}>
              {status.data.pointCode} — {status.data.pointLocation}
            </Text>
          ) : null}
          <Text size="xl">
            Permit {status.data.permitNumber}: {status.data.permitStatusLabel}
          </Text>
          {status.data.appliedByName ? (
            <Text size="xl" data-testid="tag-status-applier">
              Applied by {status.data.appliedByName}
              {status.data.appliedAt ? `, ${new Date(status.data.appliedAt).toLocaleString()}` : ''}
            </Text>
          ) : null}
          <Text c="dimmed">Last changed {new Date(status.data.lastChangedAt).toLocaleString()}</Text>
        </Stack>
      )}
    </main>
  );
}
