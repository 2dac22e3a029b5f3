import { useMutation, useQueryClient } from '@tanstack/react-query';
import { energySourceSchema, type EnergySourceInput } from '@hasp/contracts';
import { componentManageKeys } from './keys';
import { sendChange } from './send-change';

export interface SaveEnergySource {
  assetId: number;
  componentId: number;
  /** null: a new energy source of the component. */
  energySourceId: number | null;
  input: EnergySourceInput;
}

/** Adds an energy source to a component, or edits one (a stale version answers 409). */
export function useSaveEnergySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ componentId, energySourceId, input }: SaveEnergySource) =>
      energySourceId === null
        ? sendChange(`assets/components/${componentId}/energy-sources`, {
            method: 'POST',
            body: input,
            schema: energySourceSchema,
          })
        : sendChange(`assets/energy-sources/${energySourceId}`, {
            method: 'PUT',
            body: input,
            schema: energySourceSchema,
          }),
    onSuccess: (_saved, { assetId }) => queryClient.invalidateQueries({ queryKey: componentManageKeys.asset(assetId) }),
  });
}
