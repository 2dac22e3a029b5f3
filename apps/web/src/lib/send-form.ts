import type * as z from 'zod/mini';
import { ApiRequestError, authorizedFetch, toApiError, toastForError, type RequestOptions } from './http';

/** Field → message, as the server's VALIDATION_FAILED details list them. */
export type FieldErrors = Partial<Record<string, string>>;

/** The server's per-field messages of a failed form request (empty when it named no field). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const errors: FieldErrors = {};
  // A field inside a list is named with its index ('audienceGroupIDs.0'): the form shows it at the list.
  for (const detail of error.error.details ?? []) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}

/**
 * Sends a form. Unlike apiRequest, a 400 that names fields comes back without the error toast:
 * the form shows those messages at its fields. Every other failure gets the app's usual toast.
 */
export async function sendForm<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T>;
export async function sendForm(path: string, options: RequestOptions): Promise<void>;
export async function sendForm<T>(
  path: string,
  options: RequestOptions & { schema?: z.ZodMiniType<T> },
): Promise<T | undefined> {
  try {
    const response = await authorizedFetch(path, options);
    if (!response.ok) throw await toApiError(response);
    if (!options.schema) return undefined;
    const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiRequestError(response.status, {
        code: 'INTERNAL',
        message: 'The server sent an answer this page does not understand. Reload the page.',
      });
    }
    return parsed.data;
  } catch (error) {
    if (Object.keys(fieldErrorsOf(error)).length === 0) toastForError(path, error);
    throw error;
  }
}
