import { useQuery } from '@tanstack/react-query';
import type { FacilityProfile } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { authorizedFetch, toApiError } from '../../../lib/http';
import { facilityProfileKeys } from './keys';

/** A blob as a data: URL (small: at most 256 KB; nothing to revoke later, unlike an object URL). */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The logo's bytes. Fetched with the bearer token (an <img> could not send it). */
async function getFacilityLogo(facilityId: number, signal?: AbortSignal): Promise<string> {
  const response = await authorizedFetch(`facilities/${facilityId}/logo`, { signal, headers: { accept: 'image/*' } });
  if (!response.ok) throw await toApiError(response);
  return toDataUrl(await response.blob());
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
