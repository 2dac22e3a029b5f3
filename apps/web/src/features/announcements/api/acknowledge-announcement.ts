import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

/** Records that the signed-in user read an announcement (once; the first time is kept). */
export function acknowledgeAnnouncement(id: number): Promise<Announcement> {
  return apiRequest(`announcements/${id}/acknowledge`, { method: 'POST', schema: announcementSchema });
}

export function useAcknowledgeAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAnnouncement,
    onSuccess: (updated) => {
      queryClient.setQueryData<Announcement[]>(announcementKeys.current(), (list) =>
        list?.map((a) => (a.ID === updated.ID ? { ...a, acknowledgedAt: updated.acknowledgedAt } : a)),
      );
      void queryClient.invalidateQueries({ queryKey: announcementKeys.manager() });
    },
  });
}
