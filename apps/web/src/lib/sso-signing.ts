import { useMutation, useQuery } from '@tanstack/react-query';
import { signingMethodSchema, ssoSigningStartSchema } from '@hasp/contracts';
import { apiRequest } from './http';
import { statusIn } from './send-form';

/*
 * Signing as the signed-in user, shared by every feature whose act is signed (the permit's signed
 * verbs, the (e)(3) removal of an absent worker's lock).
 */

/**
 * How the signed-in user signs (decision 0059): their password (local or directory), or signing in
 * again at the identity provider, whose name the dialog shows. Read only when a dialog signs.
 */
export function useSigningMethod(enabled: boolean) {
  return useQuery({
    queryKey: ['signatures', 'method'] as const,
    queryFn: ({ signal }) => apiRequest('signatures/method', { schema: signingMethodSchema, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Where a signing keeps the verb's own fields (the hand-over's new holder, the removal's answers) while at the identity provider. */
const pendingKey = (permitId: number) => `hasp.signing.${permitId}`;

/** The fields the signed verb was given before the identity provider, as kept (still kept). */
export function readPendingSigning(permitId: number): object {
  const stored = sessionStorage.getItem(pendingKey(permitId));
  try {
    return stored ? (JSON.parse(stored) as object) : {};
  } catch {
    return {};
  }
}

/** The fields the signed verb was given before the identity provider, taken once on the way back. */
export function takePendingSigning(permitId: number): object {
  const fields = readPendingSigning(permitId);
  sessionStorage.removeItem(pendingKey(permitId));
  return fields;
}

/**
 * Starts signing the verb at the identity provider and sends the whole page there (not a popup:
 * phone browsers block or bury popups, and identity providers refuse to be framed). It comes back
 * to the permit page with `?signing=<token>[&signingVerb=<verb>]` (SsoSigningReturn) or `?signingRefused=<code>`.
 */
export function useStartSsoSigning(permitId: number, verb: string) {
  return useMutation({
    mutationFn: (fields: object) => {
      sessionStorage.setItem(pendingKey(permitId), JSON.stringify(fields));
      return apiRequest(`permits/${permitId}/signatures/sso`, {
        method: 'POST',
        body: { verb },
        schema: ssoSigningStartSchema,
        // Refusals are shown in the dialog, as the server words them.
        quiet: statusIn(403, 409, 422, 429),
      });
    },
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
