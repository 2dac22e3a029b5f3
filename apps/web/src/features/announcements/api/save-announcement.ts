import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement, type AnnouncementInput } from '@hasp/contracts';
import { announcementKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

/** Creates a draft (no id) or edits an announcement; field problems come back as VALIDATION_FAILED details. */
export function saveAnnouncement({
  id,
  input,
}: {
  id: number | null;
  input: AnnouncementInput;
}): Promise<Announcement> {
  return id === null
    ? sendForm('announcement-manager/announcements', { method: 'POST', body: input, schema: announcementSchema })
    : sendForm(`announcement-manager/announcements/${id}`, { method: 'PUT', body: input, schema: announcementSchema });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
