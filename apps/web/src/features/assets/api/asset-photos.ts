import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSET_PHOTO_MAX_BYTES, assetPhotoSchema, assetPhotoTypes, type AssetPhoto } from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import {
  ApiRequestError,
  apiRequest,
  apiUrl,
  authorizedFetch,
  refreshSession,
  toApiError,
  toastForError,
} from '../../../lib/http';
import { assetKeys } from './keys';

/** Why a chosen file cannot be a photo (checked before sending; the server checks the content too), or null. */
export function photoProblem(file: { type: string; size: number }): 'wrongType' | 'tooLarge' | null {
  if (!(assetPhotoTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > ASSET_PHOTO_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * Sends the photo's raw bytes, as the server takes them. lib/http sends JSON only, so this sends
 * itself, with the same bearer token and one retry after renewing an expired token.
 */
async function postPhoto(assetId: number, file: File): Promise<Response> {
  const url = apiUrl(`assets/${assetId}/photos`, 'POST', { fileName: file.name });
  const send = (token: string | null) =>
    fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
      credentials: 'include',
    });
  const response = await send(authSession.getToken());
  if (response.status !== 401) return response;
  await refreshSession();
  return send(authSession.getToken());
}

export async function uploadAssetPhoto({ assetId, file }: { assetId: number; file: File }): Promise<AssetPhoto> {
  const path = `assets/${assetId}/photos`;
  try {
    const response = await postPhoto(assetId, file);
    if (!response.ok) throw await toApiError(response);
    const parsed = assetPhotoSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiRequestError(response.status, {
        code: 'INTERNAL',
        message: 'The server sent an answer this page does not understand. Reload the page.',
      });
    }
    return parsed.data;
  } catch (error) {
    // 413 and 415 say what is wrong with the file: the section shows them itself.
    if (!(error instanceof ApiRequestError && [400, 413, 415].includes(error.status))) toastForError(path, error);
    throw error;
  }
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

/** A blob as a data: URL: nothing to revoke later, unlike an object URL, so caching it is safe. */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A photo as an image address. Fetched with the bearer token (an <img> could not send it). */
export function usePhotoUrl(photoId: number) {
  return useQuery({
    queryKey: assetKeys.photo(photoId),
    queryFn: async ({ signal }) => {
      const response = await authorizedFetch(`assets/photos/${photoId}`, { signal, headers: { accept: 'image/*' } });
      if (!response.ok) throw await toApiError(response);
      return toDataUrl(await response.blob());
    },
    // A photo never changes: a new one gets a new ID.
    staleTime: Infinity,
  });
}
