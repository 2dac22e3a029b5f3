import { MyWorkPage, OfflineMyWork, type OfflineHeldPermit } from '../../features/my-work';
import { useStoredOfflinePermits } from '../../features/offline';
import { useAuthState } from '../../lib/auth-session';

const noTypes: never[] = [];

/**
 * The permits stored on this device that the signed-in user holds. The stored list names the holder
 * by display name only (the download's list columns), so that is what is matched.
 */
function useStoredHeldPermits(): OfflineHeldPermit[] | undefined {
  const { session } = useAuthState();
  const { isPending, groups } = useStoredOfflinePermits(noTypes);
  if (isPending) return undefined;
  const me = session?.user.displayName;
  return groups.flatMap((group) =>
    group.permits
      .filter((p) => me !== undefined && p.holder === me)
      .map((p) => ({
        id: p.id,
        href: p.href ?? '/offline/dashboard',
        number: p.permitNumber ?? '',
        title: p.title ?? '',
        status: p.status ?? '',
      })),
  );
}

function OfflineHeld() {
  return <OfflineMyWork permits={useStoredHeldPermits()} />;
}

/** `/my-work`: "My work today", with the device's stored permits the user holds when offline. */
export function MyWorkRoute() {
  return <MyWorkPage offline={<OfflineHeld />} />;
}
