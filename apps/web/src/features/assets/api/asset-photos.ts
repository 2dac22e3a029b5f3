import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSET_PHOTO_MAX_BYTES, assetPhotoSchema, assetPhotoTypes, type AssetPhoto } from '@hasp/contracts';
import { toDataUrl } from '../../../lib/data-url';
import { apiRequest } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { assetKeys } from './keys';

/** Why a chosen file cannot be a photo (checked before sending; the server checks the content too), or null. */
export function photoProblem(file: { type: string; size: number }): 'wrongType' | 'tooLarge' | null {
  if (!(assetPhotoTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > ASSET_PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * Sends the photo's bytes as the body, with the file's own type (the server takes PNG and JPEG).
 * A refusal that says what is wrong with the file (400, 413, 415) is shown by the section, not toasted.
 */
export function uploadAssetPhoto({ assetId, file }: { assetId: number; file: File }): Promise<AssetPhoto> {
  return apiRequest(`assets/${assetId}/photos`, {
    method: 'POST',
    query: { fileName: file.name },
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
    schema: assetPhotoSchema,
    quiet: statusIn(400, 413, 415),
  });
}

export function useUploadAssetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAssetPhoto,
    onSuccess: (_photo, { assetId }) => queryClient.invalidateQueries({ queryKey: assetKeys.asset(assetId) }),
  });
}

/** Takes a photo off the asset page (the server keeps it, hidden). */
export function useDeleteAssetPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId }: { photoId: number; assetId: number }) =>
      apiRequest(`assets/photos/${photoId}`, { method: 'DELETE' }),
    onSuccess: (_result, { assetId }) => queryClient.invalidateQueries({ queryKey: assetKeys.asset(assetId) }),
  });
}

/** A photo as an image address. Fetched with the bearer token (an <img> could not send it). */
export function usePhotoUrl(photoId: number) {
  return useQuery({
    queryKey: assetKeys.photo(photoId),
    queryFn: async ({ signal }) =>
      toDataUrl(
        await apiRequest(`assets/photos/${photoId}`, {
          read: 'blob',
          headers: { accept: 'image/*' },
          signal,
          quiet: () => true,
        }),
      ),
    // A photo never changes: a new one gets a new ID.
    staleTime: Infinity,
  });
}
