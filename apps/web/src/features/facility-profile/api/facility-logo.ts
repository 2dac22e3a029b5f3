import { useQuery } from '@tanstack/react-query';
import type { FacilityProfile } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { toDataUrl } from '../../../lib/data-url';
import { apiRequest } from '../../../lib/http';
import { facilityProfileKeys } from './keys';

/** The logo's bytes. Fetched with the bearer token (an <img> could not send it). */
async function getFacilityLogo(facilityId: number, signal?: AbortSignal): Promise<string> {
  const logo = await apiRequest(`facilities/${facilityId}/logo`, {
    read: 'blob',
    headers: { accept: 'image/*' },
    signal,
    quiet: () => true,
  });
  return toDataUrl(logo);
}

/** The facility's logo as an image address, or null while there is none (or it is loading). */
export function useFacilityLogoUrl(profile: FacilityProfile | undefined): string | null {
  const { session } = useAuthState();
  const logo = useQuery({
    queryKey: facilityProfileKeys.logo(
      session?.connectionStringName ?? '',
      profile?.ID ?? 0,
      profile?.logo?.updatedAt ?? '',
    ),
    queryFn: ({ signal }) => getFacilityLogo(profile!.ID, signal),
    enabled: session !== null && profile?.logo != null,
    staleTime: Infinity,
  });
  return profile?.logo && logo.data ? logo.data : null;
}
