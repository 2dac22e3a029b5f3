import type * as z from 'zod/mini';
import { ApiRequestError, authorizedFetch, toApiError, toastForError, type RequestOptions } from '../../../lib/http';

/** Refusals the forms explain at their fields or above them (validation, a stale version): no toast for them. */
const explainedHere = new Set([400, 409]);

/**
 * Sends a change. Unlike apiRequest, a validation refusal or a version conflict comes back
 * without the error toast (the form shows it and keeps what was typed); anything else toasts.
 */
export async function sendChange<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T> {
  try {
    const response = await authorizedFetch(path, options);
    if (!response.ok) throw await toApiError(response);
    const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiRequestError(response.status, {
        code: 'INTERNAL',
        message: 'The server sent an answer this page does not understand. Reload the page.',
      });
    }
    return parsed.data;
  } catch (error) {
    if (!(error instanceof ApiRequestError && explainedHere.has(error.status))) toastForError(path, error);
    throw error;
  }
}
