import { facilitySchema, type Facility } from '@hasp/contracts';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/http';
import { fetchLoginData, seedLoginData, useLoginRequest } from './login-request';

const facilitiesSchema = z.array(facilitySchema);
// The contracts' ssoFacilitiesSchema, rebuilt here: importing it would add its module to the login route's budget.
const ssoFacilitiesSchema = z.object({ facilities: facilitiesSchema });
/** Served from cache while the form is open; changing the connection forces a reload. */
const FACILITIES_STALE_MS = 60_000;

const facilitiesKey = (connectionStringName: string) => `stilFacility/getRecords:${connectionStringName}`;

/** The active facilities of one connection (the seed's stilFacility/getRecords). */
export function getFacilities(connectionStringName: string): Promise<Facility[]> {
  return apiRequest('stilFacility/getRecords', {
    query: { activeRecord: true, connectionStringName },
    schema: facilitiesSchema,
  });
}

/** A fresh list for a connection the user just chose (the seed reloads it on every change). */
export function reloadFacilities(connectionStringName: string): Promise<Facility[]> {
  return fetchLoginData(facilitiesKey(connectionStringName), () => getFacilities(connectionStringName));
}

/** The facilities a single sign-on user may sign in to; the token is the credential (not used up). */
function getSsoFacilities(connectionStringName: string, token: string): Promise<Facility[]> {
  return apiRequest('stiluser/getactivefacilitiesforssouser', {
    query: { token, connectionStringName },
    schema: ssoFacilitiesSchema,
  }).then((answer) => answer.facilities);
}

/**
 * Facilities of the chosen connection; idle while no connection is chosen. With an SSO token, the
 * ones that user may sign in to.
 */
export function useFacilities(connectionStringName: string, initialData?: Facility[], ssoToken?: string | null) {
  if (connectionStringName && initialData && !ssoToken) seedLoginData(facilitiesKey(connectionStringName), initialData);
  let key = connectionStringName ? facilitiesKey(connectionStringName) : null;
  if (key && ssoToken) key = `sso:${key}:${ssoToken}`;
  return useLoginRequest(
    key,
    () => (ssoToken ? getSsoFacilities(connectionStringName, ssoToken) : getFacilities(connectionStringName)),
    FACILITIES_STALE_MS,
  );
}
