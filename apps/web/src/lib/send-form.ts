import type * as z from 'zod/mini';
import { sayIn } from '@hasp/contracts';
import { ApiRequestError, apiRequest, type RequestOptions } from './http';
import type { Translate } from './i18n';

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

/** Field → message of any refusal that names fields (a 409 too: a name already used). */
export function refusedFieldsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: FieldErrors = {};
  for (const detail of error.error.details ?? []) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}

/** An apiRequest `quiet` rule: the API refused with one of these statuses (the screen says why). */
export const statusIn =
  (...statuses: number[]) =>
  (error: unknown): boolean =>
    error instanceof ApiRequestError && statuses.includes(error.status);

/** What to show for a failed change: the server's message (it says why), else the error's own. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * `reasonOf` in the reader's language: a shared rule's refusal (the permit lifecycle's) carries its
 * caption and values (`said`), said with the reader's captions; any other reason as the server said it.
 */
export function reasonIn(error: unknown, t: Translate): string {
  const said = error instanceof ApiRequestError ? error.error.said : undefined;
  return sayIn(said, reasonOf(error), t);
}

/** A refusal that names no field of the form (a stale version, a record gone): its reason, else null. */
export function problemAtNoField(error: unknown): string | null {
  if (!error) return null;
  return Object.keys(refusedFieldsOf(error)).length ? null : reasonOf(error);
}

/**
 * Sends a form. Unlike a plain apiRequest, a 400 that names fields comes back without the error
 * toast: the form shows those messages at its fields. Every other failure gets the app's usual toast.
 */
export function sendForm<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T>;
export function sendForm(path: string, options: RequestOptions): Promise<void>;
export function sendForm<T>(path: string, options: RequestOptions & { schema?: z.ZodMiniType<T> }) {
  return apiRequest(path, { ...options, quiet: (error) => Object.keys(fieldErrorsOf(error)).length > 0 });
}
