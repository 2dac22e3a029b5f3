import { useQuery, useQueryClient } from '@tanstack/react-query';
import { commandRouteNamed, tagCommandRoutes, tagSchema } from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { toDataUrl } from '../../../lib/data-url';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { planKeys } from './plan';

const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 404, 409].includes(error.status);

/** Hangs a tag-only point's tag from its card (the tags module's apply); the plan and the Tags section are read again. */
export function useHangTag(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: (tagId: number) => ({
      route: commandRouteNamed(tagCommandRoutes, 'tag.apply'),
      urlId: permitId,
      body: { tagId },
    }),
    schema: tagSchema,
    quiet: explainedHere,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: planKeys.plan(permitId) });
      void client.invalidateQueries({ queryKey: ['tags', 'permit', permitId] });
    },
  });
}

/** A point's photo as an image address (fetched with the bearer token: an <img> could not send it). */
export function usePointPhoto(photoId: number | null | undefined) {
  return useQuery({
    // The asset page's key: a photo read there is not read again (a photo never changes).
    queryKey: ['asset-manage', 'photo', photoId],
    queryFn: async ({ signal }) =>
      toDataUrl(
        await apiRequest(`assets/photos/${photoId}`, {
          read: 'blob',
          headers: { accept: 'image/*' },
          signal,
          quiet: () => true,
        }),
      ),
    enabled: photoId != null,
    staleTime: Infinity,
  });
}
