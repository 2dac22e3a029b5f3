import { queryOptions, useQuery } from '@tanstack/react-query';
import { facilitySchema, type Facility } from '@hasp/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http';

const facilitiesSchema = z.array(facilitySchema);

/** The active facilities of one connection (the seed's stilFacility/getRecords). */
export function getFacilities(connectionStringName: string, signal?: AbortSignal): Promise<Facility[]> {
  return apiRequest('stilFacility/getRecords', {
    query: { activeRecord: true, connectionStringName },
    schema: facilitiesSchema,
    signal,
  });
}

export const facilitiesQuery = (connectionStringName: string) =>
  queryOptions({
    queryKey: ['stilFacility', 'getRecords', connectionStringName],
    queryFn: ({ signal }) => getFacilities(connectionStringName, signal),
    // Served from cache while the form is open; changing the connection forces a reload.
    staleTime: 60_000,
  });

/** Facilities of the chosen connection; idle while no connection is chosen. */
export function useFacilities(connectionStringName: string, initialData?: Facility[]) {
  return useQuery({
    ...facilitiesQuery(connectionStringName),
    enabled: connectionStringName !== '',
    initialData,
  });
}
