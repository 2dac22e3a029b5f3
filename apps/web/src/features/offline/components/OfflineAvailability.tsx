import { Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/date-time';
import { useNetwork } from '../../../lib/network-state';
import { useSessionContext } from '../../../lib/session-context';
import { useOfflineAvailability, useOfflineOwner } from '../api/stored-permits';
import { takeOfflineNow, typesToTake, useTakeOfflineStatus } from '../model/take-offline-state';

/** "Available offline: N permits, updated <time>", and the button that takes them offline again now. */
export function OfflineAvailability() {
  const availability = useOfflineAvailability();
  const owner = useOfflineOwner();
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  const status = useTakeOfflineStatus();
  const types = context.data
    ? typesToTake(context.data.facilitySettings.offlinePermitTypes, context.data.permissions)
    : [];
  const count = availability?.count ?? 0;
  const updated = availability?.updatedAt ? `, updated ${formatDateTime(availability.updatedAt)}` : '';
  return (
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Text role="status" aria-live="polite" data-testid="offline-availability">
        {availability === undefined
          ? 'Checking what is stored on this device…'
          : `Available offline: ${count} ${count === 1 ? 'permit' : 'permits'}${updated}`}
        {status.failed.length > 0 && ` (could not update: ${status.failed.join(', ')})`}
      </Text>
      {networkOnline && owner && types.length > 0 && (
        <Button variant="light" loading={status.running} onClick={() => void takeOfflineNow(owner, types)} mih={44}>
          Update offline permits
        </Button>
      )}
    </Group>
  );
}
