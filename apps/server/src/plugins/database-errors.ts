import pg from 'pg';

/**
 * PostgreSQL errors caused by the value a client sent, not by the server: SQLSTATE class 22
 * (data exception: 22P02 invalid text, 22003 out of range, 22021 invalid byte sequence, 22001 too
 * long, 22P05 untranslatable character, 22007/22008 bad dates …) and 54001 (nested too deep).
 * Validation should catch them first; this is the safety net that keeps them from being a 500.
 */
export const databaseErrorMessages: Record<string, string> = {
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
  '22P02': 'A value has the wrong format',
  '22021': 'A text holds a character that cannot be stored',
  '22P05': 'A text holds a character that cannot be stored',
  '22007': 'A date or time has the wrong format',
  '22008': 'A date or time is out of range',
  '54001': 'A value is nested too deeply',
};

export const DATABASE_ERROR_FALLBACK = 'A value is not valid';

/** The 400 message for a database error caused by a client's value, or null for any other error. */
export function databaseDataError(error: unknown): { sqlState: string; message: string } | null {
  if (!(error instanceof pg.DatabaseError) || !error.code) return null;
  const sqlState = error.code;
  if (!sqlState.startsWith('22') && sqlState !== '54001') return null;
  return { sqlState, message: databaseErrorMessages[sqlState] ?? DATABASE_ERROR_FALLBACK };
}
