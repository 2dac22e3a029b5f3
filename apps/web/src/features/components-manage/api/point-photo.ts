import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isolationPointSchema, type IsolationPoint } from '@hasp/contracts';
import { ApiRequestError, toApiError, toastForError } from '../../../lib/http';
import { componentManageKeys } from './keys';
import { fetchBytes, sendBytes } from './send-bytes';

/** A blob as a data: URL (nothing to revoke later, unlike an object URL kept in a cache). */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A stored photo as an image address for an <img> (fetched with the token, which an <img> cannot send). */
export function usePhotoUrl(photoId: number | null): { url: string | null; failed: boolean } {
  const photo = useQuery({
    queryKey: componentManageKeys.photo(photoId ?? 0),
    queryFn: async () => {
      const response = await fetchBytes(`assets/photos/${photoId}`);
      if (!response.ok) throw await toApiError(response);
      return toDataUrl(await response.blob());
    },
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
    mutationFn: async ({ isolationPointId, file }: UploadPointPhoto): Promise<IsolationPoint> => {
      const path = `assets/isolation-points/${isolationPointId}/photo`;
      try {
        const response = await sendBytes(path, 'PUT', file, { fileName: file.name });
        if (!response.ok) throw await toApiError(response);
        const parsed = isolationPointSchema.safeParse(await response.json());
        if (!parsed.success) {
          throw new ApiRequestError(response.status, {
            code: 'INTERNAL',
            message: 'Unexpected answer; reload the page.',
          });
        }
        return parsed.data;
      } catch (error) {
        // A refused photo (wrong type, too large) is shown next to the point; anything else toasts.
        if (!(error instanceof ApiRequestError && [400, 413, 415].includes(error.status))) toastForError(path, error);
        throw error;
      }
    },
    onSuccess: (_saved, { assetId }) => queryClient.invalidateQueries({ queryKey: componentManageKeys.asset(assetId) }),
  });
}
