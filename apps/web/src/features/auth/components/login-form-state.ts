import { loginFormSchema, loginMessages, type Facility, type LoginForm, type LoginPageData } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';

/** The form as the user edits it: every value a string, as the controls hold them. */
export interface LoginFormValues {
  connectionStringName: string;
  facilityId: string;
  username: string;
  password: string;
}

export type LoginField = keyof LoginFormValues;
export type FieldErrors = Partial<Record<LoginField, string>>;

/** The connection to preselect: the one used last on this browser when it still exists, else the default. */
export function initialConnectionName(pageData: LoginPageData, lastConnectionStringName: string | null): string {
  const names = pageData.connectionStringNames;
  if (lastConnectionStringName && names.includes(lastConnectionStringName)) return lastConnectionStringName;
  if (pageData.defaultConnectionStringName && names.includes(pageData.defaultConnectionStringName)) {
    return pageData.defaultConnectionStringName;
  }
  return names[0] ?? '';
}

/** The facility to preselect: the one used last when the list has it, else the first. */
export function initialFacilityId(facilities: readonly Facility[], lastFacilityId: number | null): string {
  const last = facilities.find((facility) => facility.ID === lastFacilityId);
  const chosen = last ?? facilities[0];
  return chosen ? String(chosen.ID) : '';
}

/** Validates with the contract's schema; the first message per field, in the seed's words. */
export function validateLoginForm(
  values: LoginFormValues,
): { success: true; data: LoginForm; errors: FieldErrors } | { success: false; errors: FieldErrors } {
  const parsed = loginFormSchema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LoginField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/**
 * Which "no facilities" message applies: the default connection's own message until the user picks
 * another connection, then the general one.
 */
export function noFacilitiesMessage(connectionStringName: string, pageData: LoginPageData, changedByUser: boolean) {
  return !changedByUser && connectionStringName === pageData.defaultConnectionStringName
    ? loginMessages.noFacilitiesForDefault
    : loginMessages.noFacilitiesForConnection;
}

/** What to tell the user when sign-in fails for a reason other than wrong credentials. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return 'The server could not be reached. Check the network connection and try again.';
}
