import type * as z from 'zod/mini';
import { apiRequest, type RequestOptions } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';

export { reasonOf, refusedFieldsOf as fieldErrorsOf } from '../../../lib/send-form';

/**
 * Sends a change. The refusals this screen shows itself (validation, a rule, a conflict) come back
 * without the error toast; every other failure gets the usual toast.
 */
export function sendChange<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T> {
  return apiRequest(path, { ...options, quiet: statusIn(400, 403, 404, 409) });
}
