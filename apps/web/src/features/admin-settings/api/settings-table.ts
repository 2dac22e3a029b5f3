import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingEntrySchema, type SettingEntry, type SettingEntryValue } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { apiRequest } from '../../../lib/http';
import { sendForm } from '../../../lib/send-form';
import { sessionContextKeys } from '../../../lib/session-context';
import { adminSettingsKeys } from './keys';

const entriesSchema = z.array(settingEntrySchema);

export function getSettingEntries(signal?: AbortSignal): Promise<SettingEntry[]> {
  return apiRequest('admin/settings', { schema: entriesSchema, signal });
}

export function useSettingEntries() {
  const { session } = useAuthState();
  return useQuery({
    queryKey: adminSettingsKeys.table(session?.connectionStringName ?? '', session?.facility.ID ?? 0),
    queryFn: ({ signal }) => getSettingEntries(signal),
    enabled: session !== null,
  });
}

export function saveSetting(change: { key: string; value: SettingEntryValue }): Promise<SettingEntry> {
  return sendForm(`admin/settings/${encodeURIComponent(change.key)}`, {
    method: 'PUT',
    body: { value: change.value },
    schema: settingEntrySchema,
  });
}

/** Saves one setting; a facility setting changes the session context, so that is fetched again. */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  return useMutation({
    mutationFn: saveSetting,
    onSuccess: async (saved) => {
      if (session) {
        queryClient.setQueryData<SettingEntry[]>(
          adminSettingsKeys.table(session.connectionStringName, session.facility.ID),
          (entries) => entries?.map((entry) => (entry.key === saved.key ? saved : entry)),
        );
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionContextKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminSettingsKeys.all }),
      ]);
    },
  });
}
