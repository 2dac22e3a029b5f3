import type { ErrorCode, Said } from '@hasp/contracts';

/** The one error type: a stable code, an HTTP status and a message safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: { field: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** The message as a shared rule says it (caption and values), for a screen in another language. */
    readonly said?: Said,
  ) {
    super(message);
  }

  static notFound(what = 'Record'): AppError {
    return new AppError('NOT_FOUND', 404, `${what} not found`);
  }

  /** A 400 naming the fields at fault; the first field's message is the summary. */
  static validation(details: { field: string; message: string }[]): AppError {
    return new AppError('VALIDATION_FAILED', 400, details[0]?.message ?? 'Invalid input', details);
  }

  static unauthenticated(message = 'Sign in to continue', code: ErrorCode = 'UNAUTHENTICATED'): AppError {
    return new AppError(code, 401, message);
  }
}
