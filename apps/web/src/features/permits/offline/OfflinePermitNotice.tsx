import { Alert, Button, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { permitCommandCaptions, offlinePermitGapLabels, offlinePermitLabels as L, type Permit } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { useDeviceCopy } from './use-offline-permit';

/**
 * What the permit page says offline, above the same page as online: that it shows the device's
 * copy, the provisional number of a permit made here, every change saved offline and still waiting
 * for the server (or refused by it), and why approving is not offered.
 */
export function OfflinePermitNotice({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const { offline, copy } = useDeviceCopy(permit.ID);
  if (!offline) return null;
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
          {t(item.status === 'conflict' ? L.conflict : L.rejected, { reason: item.error?.message ?? '' })}
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

/** A queued command's name as people read it: the lifecycle's caption, else its words. */
function commandName(name: string, t: ReturnType<typeof useCaptions>): string {
  const [prefix, verb = ''] = name.split('.');
  if (prefix === 'permit' && verb in permitCommandCaptions)
    return t(permitCommandCaptions[verb as keyof typeof permitCommandCaptions]);
  const words = `${prefix} ${verb}`.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
