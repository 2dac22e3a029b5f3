import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement, type AnnouncementInput } from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { announcementKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

/**
 * Creates a draft (no id) or edits an announcement; field problems come back as VALIDATION_FAILED
 * details. The server runs it as a command: the key makes a resend of the same form (after a lost
 * answer) apply once, so a second draft is not made.
 */
export function saveAnnouncement(
  { id, input }: { id: number | null; input: AnnouncementInput },
  key: string,
): Promise<Announcement> {
  const headers = { 'idempotency-key': key };
  return id === null
    ? sendForm('announcement-manager/announcements', {
        method: 'POST',
        body: input,
        headers,
        schema: announcementSchema,
      })
    : sendForm(`announcement-manager/announcements/${id}`, {
        method: 'PUT',
        body: input,
        headers,
        schema: announcementSchema,
      });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (save: { id: number | null; input: AnnouncementInput }) => saveAnnouncement(save, key.keyFor(save)),
    onSuccess: () => {
      key.done();
      return queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    },
  });
}
