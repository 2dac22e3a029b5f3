import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { facilitySettingsAdminSchema, type FacilitySettings, type FacilitySettingsAdmin } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { sendForm } from '../../../lib/send-form';
import { sessionContextKeys } from '../../../lib/session-context';
import { adminSettingsKeys } from './keys';

const PATH = 'admin/facility-settings';

export function getFacilitySettings(signal?: AbortSignal): Promise<FacilitySettingsAdmin> {
  return apiRequest(PATH, { schema: facilitySettingsAdminSchema, signal });
}

/** The Settings Manager's data: the facility's settings and its permit types. */
export function useFacilitySettings() {
  const { session } = useAuthState();
  return useQuery({
    queryKey: adminSettingsKeys.facility(session?.connectionStringName ?? '', session?.facility.ID ?? 0),
    queryFn: ({ signal }) => getFacilitySettings(signal),
    enabled: session !== null,
  });
}

export function saveFacilitySettings(settings: FacilitySettings): Promise<FacilitySettingsAdmin> {
  return sendForm(PATH, { method: 'PUT', body: settings, schema: facilitySettingsAdminSchema });
}

/**
 * Saves the facility settings. The session context holds them for the whole app (top bar, home
 * redirect, inactivity timeout), so it is fetched again at once; the settings table too.
 */
export function useSaveFacilitySettings() {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  return useMutation({
    mutationFn: saveFacilitySettings,
    onSuccess: async (saved) => {
      if (session) {
        queryClient.setQueryData(adminSettingsKeys.facility(session.connectionStringName, session.facility.ID), saved);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionContextKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminSettingsKeys.all }),
      ]);
    },
  });
}
