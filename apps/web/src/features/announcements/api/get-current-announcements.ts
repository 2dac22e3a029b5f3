import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { announcementSchema, type Announcement } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

const listSchema = z.array(announcementSchema);

/** The announcements addressed to the signed-in user now, newest first. */
export function getCurrentAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return apiRequest('announcements', { schema: listSchema, signal });
}

export const currentAnnouncementsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.current(),
    queryFn: ({ signal }) => getCurrentAnnouncements(signal),
    // Kept for the whole session: offline, the page shows what was loaded last.
    gcTime: Infinity,
  });

/** Fetches only while online; offline, whatever was loaded last stays. */
export function useCurrentAnnouncements(online: boolean) {
  return useQuery({ ...currentAnnouncementsQuery(), enabled: online });
}
