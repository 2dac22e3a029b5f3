import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  publicTagStatusSchema,
  tagCommandRoutes,
  tagListSchema,
  tagSchema,
  type PublicTagStatus,
  type Tag,
  type TagCommand,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError, apiRequest } from '../../../lib/http';

export const tagKeys = {
  permit: (permitId: number) => ['tags', 'permit', permitId] as const,
  status: (token: string) => ['tags', 'status', token] as const,
};

/** A permit's tags, refreshed every few seconds (others apply and remove them on the floor). */
export function usePermitTags(permitId: number) {
  return useQuery({
    queryKey: tagKeys.permit(permitId),
    queryFn: ({ signal }) => apiRequest(`permits/${permitId}/tags`, { schema: tagListSchema, signal }),
    refetchInterval: 5000,
  });
}

export interface TagCommandRequest {
  verb: TagCommand;
  tag: Tag;
  reason?: string;
  /** A note's text (`note`). */
  note?: string;
}

/** Refusals shown on the card itself (a stale version, a rule): no toast on top. */
const explainedHere = (error: unknown) => error instanceof ApiRequestError && [403, 409].includes(error.status);

/** Gives a tag command (If-Match: the tag's version); the answer replaces the tag, a replacement reloads the list. */
export function useTagCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, tag, reason, note }: TagCommandRequest) => ({
      route: commandRouteNamed(tagCommandRoutes, `tag.${verb}`),
      urlId: permitId,
      body: { tagId: tag.ID, ...(reason !== undefined ? { reason } : {}), ...(note !== undefined ? { note } : {}) },
      version: tag.version,
    }),
    schema: tagSchema,
    quiet: explainedHere,
    onSettled: () => void client.invalidateQueries({ queryKey: tagKeys.permit(permitId) }),
  });
}

/** The public status of a tag (no sign-in needed): null when the link is gone (404). The page explains failures itself. */
export async function fetchTagStatus(token: string, signal?: AbortSignal): Promise<PublicTagStatus | null> {
  try {
    return await apiRequest(`public/tags/${encodeURIComponent(token)}`, {
      schema: publicTagStatusSchema,
      signal,
      quiet: () => true,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** The tag's live status, asked again every 3 s (the page stays open on a phone at the machine). */
export function useTagStatus(token: string) {
  return useQuery({
    queryKey: tagKeys.status(token),
    queryFn: ({ signal }) => fetchTagStatus(token, signal),
    refetchInterval: 3000,
    refetchIntervalInBackground: false,
    retry: 1,
  });
}
