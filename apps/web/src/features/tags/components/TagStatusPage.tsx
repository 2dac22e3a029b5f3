import { useState } from 'react';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TAG_LINK_GONE_MESSAGE, tagStateLabels, type TagState } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useTagStatus } from '../api/tags-api';
import { tagStateColors } from './TagStateBadge';
import classes from './Tags.module.css';

/** A time as read at the tag: in the facility's zone (where the tag hangs), named when the phone is elsewhere. */
const atFacility = (moment: string, timeZone: string) => formatDateTime(moment, { timeZone });

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
        <p className={classes.gone} role="alert" data-testid="tag-status-gone">
          {TAG_LINK_GONE_MESSAGE}
        </p>
      ) : status.data === undefined ? (
        <Alert color="red" role="alert">
          The tag's status could not be loaded. It is asked again in a few seconds.
        </Alert>
      ) : (
        <Stack gap="md">
          <p className={classes.legendBand} data-testid="tag-status-legend">
            {status.data.legend}
          </p>
          <Text size="lg" fw={600} data-testid="tag-status-facility">
            {status.data.facilityName}
          </Text>
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
              {status.data.appliedAt ? `, ${atFacility(status.data.appliedAt, status.data.timeZone)}` : ''}
            </Text>
          ) : null}
          {status.data.appliedByDepartment ? (
            <Text size="xl" data-testid="tag-status-department">
              Department or crew: {status.data.appliedByDepartment}
            </Text>
          ) : null}
          {status.data.appliedByContact ? (
            <Text size="xl" data-testid="tag-status-contact">
              Contact: <ContactLink contact={status.data.appliedByContact} />
            </Text>
          ) : null}
          <Text size="xl" data-testid="tag-status-expected-end">
            Expected end {atFacility(status.data.plannedEnd, status.data.timeZone)}
          </Text>
          <Text c="dimmed">Last changed {atFacility(status.data.lastChangedAt, status.data.timeZone)}</Text>
        </Stack>
      )}
    </main>
  );
}

/** A phone number opens the phone's dialler from the scanned page; a radio channel is plain text. */
function ContactLink({ contact }: { contact: string }) {
  const digits = contact.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(digits) ? <a href={`tel:${digits}`}>{contact}</a> : <>{contact}</>;
}
