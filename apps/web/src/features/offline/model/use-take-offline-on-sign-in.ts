import { useEffect } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useNetwork } from '../../../lib/network-state';
import { whenIdle } from '../../../lib/when-idle';
import { useSessionContext } from '../../../lib/session-context';
import { useOfflineOwner } from '../api/stored-permits';
import { takeOfflineOnce, typesToTake } from './take-offline-state';

/**
 * After sign-in, while online and with the facility's offline mode on, the user's permits of each
 * offline-enabled type they may view are taken offline (once per sign-in and page load), of the
 * scope they chose (their own work by default), so the network may go at any moment after. It
 * starts once the first screen has what it shows (no request of its own under way) and the browser
 * is idle: the first screen never waits behind megabytes of permits.
 */
export function useTakeOfflineOnSignIn(): void {
  const owner = useOfflineOwner();
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  const screenLoading = useIsFetching() > 0;
  const settings = context.data?.facilitySettings;
  const permissions = context.data?.permissions;
  const ownerKey = owner ? `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}` : null;
  useEffect(() => {
    if (!owner || !networkOnline || screenLoading || !settings?.moduleSettings.OfflineMode || !permissions) return;
    const types = typesToTake(settings.offlinePermitTypes, permissions);
    if (types.length === 0) return;
    return whenIdle(() => takeOfflineOnce(owner, types));
    // The owner is named by its key (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownerKey, networkOnline, screenLoading, settings, permissions]);
}

/**
 * The hook as a component that draws nothing, for a frame that loads this feature (and the browser
 * database under it) after its first page rather than with its own code.
 */
export function TakeOfflineOnSignIn(): null {
  useTakeOfflineOnSignIn();
  return null;
}
