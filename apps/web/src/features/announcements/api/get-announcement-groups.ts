import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { announcementGroupSchema, type AnnouncementGroup } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

const listSchema = z.array(announcementGroupSchema);

/** The facility's groups an announcement can be addressed to. */
export function getAnnouncementGroups(signal?: AbortSignal): Promise<AnnouncementGroup[]> {
  return apiRequest('announcement-manager/groups', { schema: listSchema, signal });
}

export function useAnnouncementGroups() {
  return useQuery({
    queryKey: announcementKeys.groups(),
    queryFn: ({ signal }) => getAnnouncementGroups(signal),
    staleTime: 5 * 60 * 1000,
  });
}
