import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { announcementSchema, type Announcement } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

const listSchema = z.array(announcementSchema);

/** Every announcement of the facility, archived ones included (the manager filters by status). */
export function getManagedAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return apiRequest('announcement-manager/announcements', {
    query: { includeArchived: true },
    schema: listSchema,
    signal,
  });
}

export const managedAnnouncementsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.managerList(),
    queryFn: ({ signal }) => getManagedAnnouncements(signal),
  });

export function useManagedAnnouncements(enabled = true) {
  return useQuery({ ...managedAnnouncementsQuery(), enabled });
}
