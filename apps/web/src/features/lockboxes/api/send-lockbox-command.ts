import { useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  lockboxCommandRoutes,
  lockboxViewSchema,
  type LockboxCommand,
  type LockboxView,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError } from '../../../lib/http';
import { lockboxKeys } from './keys';

export interface LockboxCommandRequest {
  verb: LockboxCommand;
  body: object;
  /** The lockbox version the user saw: a newer one on the server answers 409. */
  version: number;
  /** One per user action is made by useCommand when the caller has none. */
  idempotencyKey?: string;
}

/** Refusals the section explains where the button is (the rule's message): no toast on top. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 409, 422].includes(error.status);

/**
 * Gives a lockbox command; the answer (the crew section as it now is) replaces the cached one. The
 * permit's own query is refreshed too: whether it may close depends on the crew (the close guard).
 */
export function useLockboxCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, body, version, idempotencyKey }: LockboxCommandRequest) => ({
      route: commandRouteNamed(lockboxCommandRoutes, `lockbox.${verb}`),
      urlId: permitId,
      body: body,
      version: version,
      idempotencyKey: idempotencyKey,
    }),
    schema: lockboxViewSchema,
    quiet: explainedHere,
    onSuccess: (view: LockboxView) => {
      client.setQueryData(lockboxKeys.lockbox(permitId), view);
      // The permit page's key (features/permits/api/keys.ts): its allowed commands follow the crew.
      void client.invalidateQueries({ queryKey: ['permits', 'permit', permitId] });
    },
    onError: (error) => {
      // A stale version or a refusal: show the server's crew list as it is now.
      if (error instanceof ApiRequestError && error.status === 409)
        void client.invalidateQueries({ queryKey: lockboxKeys.lockbox(permitId) });
    },
  });
}
