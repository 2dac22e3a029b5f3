import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gasConfigSchema, type GasInstrumentInput, type GasParameterInput } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { sendForm } from '../../../lib/send-form';
import { gasTestKeys } from './keys';

/** The facility's gas parameters and instruments (inactive ones too). */
export function useGasConfig() {
  return useQuery({
    queryKey: gasTestKeys.config(),
    queryFn: ({ signal }) => apiRequest('gas-tests/config', { schema: gasConfigSchema, signal }),
  });
}

export type GasConfigChange =
  | { kind: 'parameters'; id: number | null; body: GasParameterInput }
  | { kind: 'instruments'; id: number | null; body: GasInstrumentInput };

/** Adds (id null) or edits a parameter or instrument; the answer is the whole configuration. */
export function useSaveGasConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, body }: GasConfigChange) =>
      sendForm(id === null ? `gas-tests/${kind}` : `gas-tests/${kind}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        headers: { 'idempotency-key': crypto.randomUUID() },
        schema: gasConfigSchema,
      }),
    onSuccess: (config) => {
      client.setQueryData(gasTestKeys.config(), config);
      // Every permit's section lists the active parameters and instruments.
      void client.invalidateQueries({ queryKey: ['gas-tests', 'permit'] });
    },
  });
}
