import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/http';
import { saveFailureOf, serverFieldErrors } from './use-record-form';

const refusal = (status: number, details?: { field: string; message: string }[]) =>
  new ApiRequestError(
    status,
    { code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', message: details?.[0]?.message ?? 'Refused', details },
    undefined,
    details?.[0]?.message ?? 'Refused',
  );

describe('what a failed save shows', () => {
  it('puts the server’s field messages at their fields (the first per field)', () => {
    const error = refusal(400, [
      { field: 'tagOnlyMeasure', message: 'A tag-only point needs the extra protective measure' },
      { field: 'code', message: 'E-1 is already used on this asset' },
      { field: 'code', message: 'second message' },
    ]);
    expect(serverFieldErrors(error)).toEqual({
      tagOnlyMeasure: 'A tag-only point needs the extra protective measure',
      code: 'E-1 is already used on this asset',
    });
    // Shown at the fields, so nothing above the form.
    expect(saveFailureOf(error)).toBeNull();
  });

  it('explains a version conflict above the form', () => {
    expect(saveFailureOf(refusal(409))).toEqual({ kind: 'conflict' });
    expect(serverFieldErrors(refusal(409))).toEqual({});
  });

  it('shows a refusal that names no field as the server said it', () => {
    expect(saveFailureOf(refusal(404))).toEqual({ kind: 'message', text: 'Refused' });
    expect(saveFailureOf(new Error('Network down'))).toEqual({ kind: 'message', text: 'Network down' });
  });
});
