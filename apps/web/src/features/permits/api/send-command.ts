import { useQueryClient } from '@tanstack/react-query';
import { commandRouteNamed, permitCommandRoutes, permitSchema, type Permit, type PermitCommand } from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError } from '../../../lib/http';
import { fieldErrorsOf } from '../../../lib/send-form';
import { permitKeys } from './keys';

export interface CommandRequest {
  verb: PermitCommand;
  body: object;
  /** The version the user saw: a newer one on the server answers 409. */
  version: number;
  idempotencyKey: string;
}

/** Refusals the page explains where they happened (a stale version, a reason, a field): no toast. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError &&
  ([403, 409, 422].includes(error.status) || Object.keys(fieldErrorsOf(error)).length > 0);

/**
 * A stale version: someone changed the permit since this page read it. The command runner's 409
 * names the field `version` (a refusal by the lifecycle, also 409, names none).
 */
export const isStale = (error: unknown): boolean =>
  error instanceof ApiRequestError &&
  error.status === 409 &&
  (error.error.details ?? []).some((detail) => detail.field === 'version');

/** Gives a lifecycle command; the answer (the permit as it now is) replaces the cached one. */
export function usePermitCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    // The dialog holds its key: a signature sealed offline names it, and a retry reuses it.
    call: ({ verb, body, version, idempotencyKey }: CommandRequest) => ({
      route: commandRouteNamed(permitCommandRoutes, `permit.${verb}`),
      urlId: permitId,
      body,
      version,
      idempotencyKey,
    }),
    schema: permitSchema,
    quiet: explainedHere,
    onSuccess: (permit: Permit) => {
      client.setQueryData(permitKeys.permit(permitId), permit);
      void client.invalidateQueries({ queryKey: permitKeys.history(permitId) });
    },
  });
}
