import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

export type StatusAction = 'publish' | 'expire' | 'archive';

/**
 * Publishes, expires (ends the validity window now) or archives (the manager's delete) an
 * announcement (a command: the key makes a resend apply once).
 */
export function changeAnnouncementStatus(
  { id, action }: { id: number; action: StatusAction },
  key: string,
): Promise<Announcement> {
  return apiRequest(`announcement-manager/announcements/${id}/${action}`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    schema: announcementSchema,
  });
}

export function useChangeAnnouncementStatus() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (what: { id: number; action: StatusAction }) => changeAnnouncementStatus(what, key.keyFor(what)),
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
