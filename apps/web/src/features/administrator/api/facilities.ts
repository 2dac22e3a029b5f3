import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  adminFacilitySchema,
  type AdminFacility,
  type AdminFacilityCreate,
  type AdminFacilityUpdate,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { administratorKeys } from './keys';
import { sendForm } from '../../../lib/send-form';

const listSchema = z.array(adminFacilitySchema);

export function useAdminFacilities() {
  return useQuery({
    queryKey: administratorKeys.facilities(),
    queryFn: ({ signal }) => apiRequest('admin/facilities', { schema: listSchema, signal }),
  });
}

export type SaveFacility = { id: null; input: AdminFacilityCreate } | { id: number; input: AdminFacilityUpdate };

/** Creates (no id) or edits a facility; field problems come back as VALIDATION_FAILED details. */
function saveFacility({ id, input }: SaveFacility): Promise<AdminFacility> {
  return id === null
    ? sendForm('admin/facilities', { method: 'POST', body: input, schema: adminFacilitySchema })
    : sendForm(`admin/facilities/${id}`, { method: 'PUT', body: input, schema: adminFacilitySchema });
}

export function useSaveFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFacility,
    // The audit log and the connection's counts change with every facility change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: administratorKeys.all }),
  });
}
