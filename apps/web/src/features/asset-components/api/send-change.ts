import type * as z from 'zod/mini';
import { apiRequest, type RequestOptions } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';

/**
 * Sends a change. A validation refusal or a version conflict comes back without the error toast
 * (the form shows it and keeps what was typed); anything else toasts.
 */
export function sendChange<T>(path: string, options: RequestOptions & { schema: z.ZodMiniType<T> }): Promise<T> {
  return apiRequest(path, { ...options, quiet: statusIn(400, 409) });
}
