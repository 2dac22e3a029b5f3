import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  offlinePermitGapLabels,
  offlinePermitLabels as L,
  syncChangeCaptions,
  syncConflictButtons,
  syncConflictLabels,
  type Permit,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { useDeviceCopy, useDeviceIssues } from './use-offline-permit';

/**
 * What the permit page says offline, above the same page as online: that it shows the device's
 * copy, the provisional number of a permit made here, every change saved offline and still waiting
 * for the server (or refused by it), and why approving is not offered.
 */
export function OfflinePermitNotice({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const { offline, copy } = useDeviceCopy(permit.ID);
  if (!offline) return <DeviceIssuesNotice permitId={permit.ID} />;
  const items = copy?.items ?? [];
  const waiting = items.filter((i) => i.status === 'pending' || i.status === 'sending');
  const refused = items.filter((i) => i.status === 'conflict' || i.status === 'rejected');
  const local = permit.ID < 0;
  // A requested permit waits for approvals, and a signature needs the server: say why no Approve button.
  const wouldApprove = permit.status === 'requested';
  return (
    <Alert color="yellow" variant="light" role="status" aria-label={t(L.savedOffline)} mb="sm">
      <Text fw={600}>{local ? t(L.localCopy) : t(L.offlineCopy)}</Text>
      {local && (
        <Text size="sm" data-testid="provisional-number">
          <strong>{permit.number}</strong> — {t(L.provisional)}
        </Text>
      )}
      {waiting.length > 0 && (
        <>
          <Text size="sm" fw={600} mt={4} data-testid="saved-offline">
            {t(L.waiting, { count: waiting.length })}
          </Text>
          <List size="sm">
            {waiting.map((item) => (
              <List.Item key={item.idempotencyKey}>
                {commandName(item.name, t)} · {t(L.savedOffline)} · {formatDateTime(item.deviceTime, { parts: 'time' })}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {refused.map((item) => (
        <Text key={item.idempotencyKey} size="sm" c="red.9" mt={4}>
          {commandName(item.name, t)}:{' '}
          {item.status === 'conflict'
            ? t(L.conflict, { reason: t(syncConflictLabels.conflictLead) })
            : t(L.rejected, { reason: item.error?.message ?? '' })}
        </Text>
      ))}
      {wouldApprove && (
        <Text size="sm" mt={4}>
          {t(L.approveOnline)}
        </Text>
      )}
    </Alert>
  );
}

/** Offline, a permit this device stores no copy of: said on its page, with the way to what the device has. */
export function NotStoredOffline() {
  const t = useCaptions();
  return (
    <Alert color="yellow" variant="light" role="alert">
      <Text mb="sm">{t(offlinePermitGapLabels.notStored)}</Text>
      <Button component={Link} to="/offline/dashboard" variant="light" mih={44}>
        {t(offlinePermitGapLabels.openOfflineDashboard)}
      </Button>
    </Alert>
  );
}

/** A queued command's name as people read it (its caption; an older app's name in plain words). */
function commandName(name: string, t: ReturnType<typeof useCaptions>): string {
  if (Object.hasOwn(syncChangeCaptions, name)) return t(syncChangeCaptions[name as keyof typeof syncChangeCaptions]);
  const words = name.replace('.', ' ').replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Online, the permit page says when a change this device saved offline for it is in conflict with
 * the server or was refused (the user may not have opened the sync panel), with the way to it: the
 * offline dashboard's changes that need attention, at that change.
 */
function DeviceIssuesNotice({ permitId }: { permitId: number }) {
  const t = useCaptions();
  const issues = useDeviceIssues(permitId);
  if (issues.length === 0) return null;
  return (
    <Alert color="orange" variant="light" role="status" mb="sm" data-testid="device-change-issues">
      <Stack gap="xs">
        {issues.map((item) => {
          const conflict = item.status === 'conflict';
          const change = commandName(item.name, t);
          return (
            <Group key={item.idempotencyKey} gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">
                {conflict
                  ? t(syncConflictLabels.onPermitPage, { change })
                  : t(syncConflictLabels.refusedOnPermitPage, { change, reason: item.error?.message ?? '' })}
              </Text>
              <Button
                component={Link}
                to={item.conflictId ? `/offline/dashboard?issue=${item.conflictId}` : '/offline/dashboard'}
                variant="light"
                color="orange"
                size="sm"
                mih={44}
              >
                {t(conflict ? syncConflictButtons.open : syncConflictButtons.openRefused)}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
