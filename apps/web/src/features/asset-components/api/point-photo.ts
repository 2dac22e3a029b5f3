import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isolationPointSchema, type IsolationPoint } from '@hasp/contracts';
import { toDataUrl } from '../../../lib/data-url';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { componentManageKeys } from './keys';

/** A stored photo as an image address for an <img> (fetched with the token, which an <img> cannot send). */
export function usePhotoUrl(photoId: number | null): { url: string | null; failed: boolean } {
  const photo = useQuery({
    queryKey: componentManageKeys.photo(photoId ?? 0),
    queryFn: async ({ signal }) =>
      toDataUrl(
        await apiRequest(`assets/photos/${photoId}`, {
          read: 'blob',
          headers: { accept: '*/*' },
          signal,
          quiet: () => true,
        }),
      ),
    enabled: photoId !== null,
    staleTime: Infinity,
  });
  return { url: photo.data ?? null, failed: photo.isError };
}

export interface UploadPointPhoto {
  assetId: number;
  isolationPointId: number;
  file: File;
}

/** Replaces an isolation point's photo (PNG or JPEG, at most 5 MB; the server checks the content). */
export function useUploadPointPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refused photo (wrong type, too large) is shown next to the point; anything else toasts.
    mutationFn: ({ isolationPointId, file }: UploadPointPhoto): Promise<IsolationPoint> =>
      apiRequest(`assets/isolation-points/${isolationPointId}/photo`, {
        method: 'PUT',
        query: { fileName: file.name },
        body: file,
        schema: isolationPointSchema,
        quiet: statusIn(400, 413, 415),
      }),
    onSuccess: (_saved, { assetId }) => queryClient.invalidateQueries({ queryKey: componentManageKeys.asset(assetId) }),
  });
}
