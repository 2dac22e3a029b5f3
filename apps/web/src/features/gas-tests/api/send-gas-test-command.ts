import { useQueryClient } from '@tanstack/react-query';
import {
  commandRouteNamed,
  gasTestCommandRoutes,
  gasTestsViewSchema,
  type GasTestCommand,
  type GasTestsView,
} from '@hasp/contracts';
import { useCommand } from '../../../lib/command';
import { ApiRequestError } from '../../../lib/http';
import { gasTestKeys } from './keys';

export interface GasTestCommandRequest {
  verb: GasTestCommand;
  body: object;
  /** The gas tests' version the user saw: a newer one on the server answers 409. */
  version: number;
  idempotencyKey: string;
}

/** Refusals the section shows where the form is (the server's words): no toast on top. */
const explainedHere = (error: unknown) =>
  error instanceof ApiRequestError && [400, 403, 409, 422].includes(error.status);

/**
 * Records or voids a test; the answer (the section as it now is) replaces the cached one, and the
 * permit is refreshed: whether it may be issued follows the tests (the gas guard).
 */
export function useGasTestCommand(permitId: number) {
  const client = useQueryClient();
  return useCommand({
    call: ({ verb, body, version, idempotencyKey }: GasTestCommandRequest) => ({
      route: commandRouteNamed(gasTestCommandRoutes, `gas-test.${verb}`),
      urlId: permitId,
      body: body,
      version: version,
      idempotencyKey: idempotencyKey,
    }),
    schema: gasTestsViewSchema,
    quiet: explainedHere,
    onSuccess: (view: GasTestsView) => {
      client.setQueryData(gasTestKeys.permit(permitId), view);
      // The permit page's key (features/permits/api/keys.ts): its allowed commands follow the tests.
      void client.invalidateQueries({ queryKey: ['permits', 'permit', permitId] });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        void client.invalidateQueries({ queryKey: gasTestKeys.permit(permitId) });
    },
  });
}
