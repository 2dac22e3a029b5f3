import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

export type StatusAction = 'publish' | 'expire' | 'archive';

/** Publishes, expires (ends the validity window now) or archives (the manager's delete) an announcement. */
export function changeAnnouncementStatus({ id, action }: { id: number; action: StatusAction }): Promise<Announcement> {
  return apiRequest(`announcement-manager/announcements/${id}/${action}`, {
    method: 'POST',
    schema: announcementSchema,
  });
}

export function useChangeAnnouncementStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAnnouncementStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
