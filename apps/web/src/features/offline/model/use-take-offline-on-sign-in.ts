import { useEffect } from 'react';
import { useNetwork } from '../../../lib/network-state';
import { useSessionContext } from '../../../lib/session-context';
import { useOfflineOwner } from '../api/stored-permits';
import { takeOfflineOnce, typesToTake } from './take-offline-state';

/**
 * Right after sign-in, while online and with the facility's offline mode on, the user's permits of
 * each offline-enabled type they may view are taken offline (once per sign-in and page load), so the
 * network may go at any moment after.
 */
export function useTakeOfflineOnSignIn(): void {
  const owner = useOfflineOwner();
  const { networkOnline } = useNetwork();
  const context = useSessionContext();
  const settings = context.data?.facilitySettings;
  const permissions = context.data?.permissions;
  const ownerKey = owner ? `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}` : null;
  useEffect(() => {
    if (!owner || !networkOnline || !settings?.moduleSettings.OfflineMode || !permissions) return;
    const types = typesToTake(settings.offlinePermitTypes, permissions);
    if (types.length > 0) takeOfflineOnce(owner, types);
    // The owner is named by its key (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownerKey, networkOnline, settings, permissions]);
}
