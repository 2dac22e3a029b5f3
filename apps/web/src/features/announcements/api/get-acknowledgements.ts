import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { acknowledgementSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { announcementKeys } from './keys';

const listSchema = z.array(acknowledgementSchema);
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/** Who acknowledged an announcement, and when (first first). */
export function getAcknowledgements(id: number, signal?: AbortSignal): Promise<Acknowledgement[]> {
  return apiRequest(`announcement-manager/announcements/${id}/acknowledgements`, { schema: listSchema, signal });
}

export function useAcknowledgements(id: number | null) {
  return useQuery({
    queryKey: announcementKeys.acknowledgements(id ?? 0),
    queryFn: ({ signal }) => getAcknowledgements(id ?? 0, signal),
    enabled: id !== null,
  });
}
