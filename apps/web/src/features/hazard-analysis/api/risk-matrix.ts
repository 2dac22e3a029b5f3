import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { riskMatrixSchema, type RiskMatrix, type RiskMatrixInput } from '@hasp/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/http';
import { hazardKeys } from './keys';

/** The facility's risk matrix (Master List Manage › Risk matrix). */
export function useRiskMatrix() {
  return useQuery({
    queryKey: hazardKeys.matrix(),
    queryFn: ({ signal }) => apiRequest('hazard-analysis/matrix', { schema: riskMatrixSchema, signal }),
  });
}

/** Saves the matrix with the version it was read at; the answer replaces the cached one. */
export function useSaveRiskMatrix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      matrix,
      version,
      idempotencyKey,
    }: {
      matrix: RiskMatrixInput;
      version: number;
      idempotencyKey: string;
    }) =>
      apiRequest('hazard-analysis/matrix', {
        method: 'PUT',
        body: matrix,
        headers: { 'idempotency-key': idempotencyKey, 'if-match': `"${version}"` },
        schema: riskMatrixSchema,
        quiet: (error) => error instanceof ApiRequestError && [400, 409].includes(error.status),
      }),
    onSuccess: (matrix: RiskMatrix) => client.setQueryData(hazardKeys.matrix(), matrix),
  });
}
