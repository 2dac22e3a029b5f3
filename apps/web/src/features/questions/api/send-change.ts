import type * as z from 'zod/mini';
import { ApiRequestError, authorizedFetch, toApiError, toastForError, type RequestOptions } from '../../../lib/http';

/** Refusals the screen explains next to what was refused (validation, a rule, a conflict): no toast for them. */
const explainedHere = new Set([400, 403, 404, 409]);

/** What to show for a failed change: the server's message (it says why), else the error's own. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Field → message of a VALIDATION_FAILED or CONFLICT answer that names fields. */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const detail of error.error.details ?? []) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}

/**
 * Sends a change. Unlike apiRequest, the refusals this screen shows itself (400, 403, 404, 409)
 * come back without the error toast; every other failure gets the usual toast.
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
