import * as z from 'zod/mini';
import { saidSchema } from './said';

/** Stable error codes: clients branch on these, never on message text. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'REFRESH_TOKEN_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  /** The server sheds load (503 with Retry-After): the request was not run; try again after the wait. */
  'OVERLOADED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNKNOWN_CONNECTION',
  'SERVICE_UNAVAILABLE',
  'DIRECTORY_UNAVAILABLE',
  'SSO_FAILED',
  'SSO_TOKEN_INVALID',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one shape every failure has: `{ code, message, details? }`. */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  details: z
    .optional(z.array(z.object({ field: z.string(), message: z.string() })))
    .check(z.describe('For VALIDATION_FAILED: one entry per invalid field')),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * The failure of a command a shared rule refuses (the permit lifecycle's): the one shape, with the
 * message also as a caption and its values (`said`), so the screen says it in the reader's language.
 * Only such commands' routes answer with it: every other route's failure stays `apiErrorSchema`.
 */
export const apiRefusalSchema = z.extend(apiErrorSchema, {
  said: z.optional(saidSchema),
});
export type ApiRefusal = z.infer<typeof apiRefusalSchema>;

/** The code for an HTTP status when a failure carries none of its own. */
export const errorCodeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'IDEMPOTENCY_KEY_REUSED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};
