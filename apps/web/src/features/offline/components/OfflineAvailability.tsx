import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import {
  offlineAvailabilityButtons as B,
  offlineAvailabilityLabels as L,
  offlineScopes,
  type OfflineScope,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { useSessionContext } from '../../../lib/session-context';
import { useOfflineAvailability, useOfflineOwner, useOfflineScope } from '../api/stored-permits';
import { chooseOfflineScope, takeOfflineNow, typesToTake, useTakeOfflineStatus } from '../model/take-offline-state';

const scopeWords = {
  mine: { label: L.scopeMine, hint: L.scopeMineHint },
  'under-way': { label: L.scopeUnderWay, hint: L.scopeUnderWayHint },
} as const;

/**
 * "Available offline: N permits, updated <time>", the button that takes them offline again now, and
 * what this device keeps: the user's own work (the default: a phone's space and a sign-in's
 * download stay small) or all work under way in the facility.
 */
export function OfflineAvailability() {
  const t = useCaptions();
  const availability = useOfflineAvailability();
  const stored = useOfflineScope();
  // The choice shows at once; the browser database has it a moment later.
  const [chosen, setChosen] = useState<OfflineScope | null>(null);
  const scope = chosen ?? stored;
  const owner = useOfflineOwner();
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  const status = useTakeOfflineStatus();
  const types = context.data
    ? typesToTake(context.data.facilitySettings.offlinePermitTypes, context.data.permissions)
    : [];
  const count = availability?.count ?? 0;
  const updated = availability?.updatedAt ? t(L.updated, { time: formatDateTime(availability.updatedAt) }) : '';
  const online = networkOnline && owner && types.length > 0;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text role="status" aria-live="polite" data-testid="offline-availability">
          {availability === undefined
            ? t(L.checking)
            : count === 1
              ? t(L.availableOne, { updated })
              : t(L.availableMany, { count, updated })}
          {status.failed.length > 0 && t(L.couldNotUpdate, { types: status.failed.join(', ') })}
        </Text>
        {online && (
          <Button variant="light" loading={status.running} onClick={() => void takeOfflineNow(owner, types)} mih={44}>
            {t(B.update)}
          </Button>
        )}
      </Group>
      {scope !== undefined && owner && (
        <Radio.Group
          label={t(L.keep)}
          value={scope}
          onChange={(value) => {
            setChosen(value);
            void chooseOfflineScope(owner, value, types);
          }}
        >
          <Stack gap="xs" mt={4}>
            {offlineScopes.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(scopeWords[value].label)}
                description={t(scopeWords[value].hint)}
                disabled={!online}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
