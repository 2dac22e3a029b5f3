import type * as z from 'zod/mini';
import { ApiRequestError, apiRequest, type RequestOptions } from '../../../lib/http';
import { fieldErrorsOf as formFieldErrorsOf, type FieldErrors } from '../../../lib/send-form';

export { reasonOf } from '../../../lib/send-form';

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

/** Sends a change; refusals the screen explains come back without the error toast (see isExplainedHere). */
export function sendAssetChange<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T> {
  return apiRequest(path, { ...options, quiet: isExplainedHere });
}
