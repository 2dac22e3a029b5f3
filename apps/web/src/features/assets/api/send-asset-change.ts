import type * as z from 'zod/mini';
import { ApiRequestError, authorizedFetch, toApiError, toastForError, type RequestOptions } from '../../../lib/http';
import { fieldErrorsOf as formFieldErrorsOf, type FieldErrors } from '../../../lib/send-form';

/**
 * Refusals these screens explain where they happened: a 400 or 409 naming fields shows at the field,
 * any other 409 (someone else changed the record) shows beside the change. No toast for them.
 */
function isExplainedHere(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || Object.keys(fieldErrorsOf(error)).length > 0);
}

/** Field → message of a refused change: a 400's fields, and the field a 409 names (a number already used). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiRequestError && error.status === 409) {
    const errors: FieldErrors = {};
    for (const detail of error.error.details ?? []) errors[detail.field] ??= detail.message;
    return errors;
  }
  return formFieldErrorsOf(error);
}

/** Someone else changed the record since it was read (a 409 that names no field). */
export const isStaleConflict = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 409 && Object.keys(fieldErrorsOf(error)).length === 0;

/** What to show for a failed change: the server's message (it says why), else the error's own. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Sends a change; refusals the screen explains come back without the error toast (see isExplainedHere). */
export async function sendAssetChange<T>(
  path: string,
  options: RequestOptions & { schema: z.ZodMiniType<T> },
): Promise<T> {
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
    if (!isExplainedHere(error)) toastForError(path, error);
    throw error;
  }
}
