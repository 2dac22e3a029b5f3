import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  facilityProfileSchema,
  type FacilityLogoUpload,
  type FacilityProfile,
  type FacilityProfileInput,
} from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { sendForm } from '../../../lib/send-form';
import { facilityProfileKeys } from './keys';

export function getFacilityProfile(signal?: AbortSignal): Promise<FacilityProfile> {
  return apiRequest('facility-profile', { schema: facilityProfileSchema, signal });
}

/** The signed-in facility's profile (the top bar reads its name and logo). */
export function useFacilityProfile() {
  const { session } = useAuthState();
  return useQuery({
    queryKey: facilityProfileKeys.profile(session?.connectionStringName ?? '', session?.facility.ID ?? 0),
    queryFn: ({ signal }) => getFacilityProfile(signal),
    enabled: session !== null,
    staleTime: 5 * 60 * 1000,
  });
}

/** A change of the profile or the logo: the answer is the new profile, for every reader at once. */
function useProfileMutation<T>(send: (input: T) => Promise<FacilityProfile>) {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      if (session) {
        queryClient.setQueryData(facilityProfileKeys.profile(session.connectionStringName, session.facility.ID), saved);
      }
    },
  });
}

export const useSaveFacilityProfile = () =>
  useProfileMutation((input: FacilityProfileInput) =>
    sendForm('facility-profile', { method: 'PUT', body: input, schema: facilityProfileSchema }),
  );

export const useUploadFacilityLogo = () =>
  useProfileMutation((upload: FacilityLogoUpload) =>
    sendForm('facility-profile/logo', { method: 'PUT', body: upload, schema: facilityProfileSchema }),
  );

export const useRemoveFacilityLogo = () =>
  useProfileMutation((_: void) =>
    apiRequest('facility-profile/logo', { method: 'DELETE', schema: facilityProfileSchema }),
  );
