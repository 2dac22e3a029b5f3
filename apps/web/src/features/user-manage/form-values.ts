import * as z from 'zod/mini';
import {
  userReachProblems,
  type ManagedUser,
  type UserInput,
  type userManageMessages,
  type userReachMessages,
} from '@hasp/contracts';

export type UserFormMessage = keyof typeof userManageMessages | keyof typeof userReachMessages;
export type UserField = 'userName' | 'displayName' | 'email' | 'department' | 'contact' | 'groupIDs' | 'facilityIDs';

/** What the form edits: text as typed, ids as strings (Mantine's checkbox groups). */
export interface UserFormValues {
  userName: string;
  displayName: string;
  email: string;
  department: string;
  contact: string;
  isActiveDirectoryUser: boolean;
  groupIDs: string[];
  facilityIDs: string[];
}

export function formValuesOf(user: ManagedUser | null, currentFacilityId: number): UserFormValues {
  return {
    userName: user?.userName ?? '',
    displayName: user?.displayName ?? '',
    email: user?.email ?? '',
    department: user?.department ?? '',
    contact: user?.contact ?? '',
    isActiveDirectoryUser: user?.isActiveDirectoryUser ?? false,
    groupIDs: (user?.groups ?? []).map((g) => String(g.ID)),
    facilityIDs: (user?.facilityIDs ?? [currentFacilityId]).map(String),
  };
}

export function inputOf(values: UserFormValues): UserInput {
  const email = values.email.trim();
  return {
    userName: values.userName.trim(),
    displayName: values.displayName.trim(),
    email: email === '' ? null : email,
    department: values.department.trim() || null,
    contact: values.contact.trim() || null,
    isActiveDirectoryUser: values.isActiveDirectoryUser,
    groupIDs: values.groupIDs.map(Number),
    facilityIDs: values.facilityIDs.map(Number),
  };
}

const emailSchema = z.email();

/** What must be fixed before saving (the server checks the same and more, e.g. a taken user name). */
export function userFormProblems(values: UserFormValues): Partial<Record<UserField, UserFormMessage>> {
  const problems: Partial<Record<UserField, UserFormMessage>> = {};
  const userName = values.userName.trim();
  if (!userName) problems.userName = 'userNameRequired';
  else if (/\s/.test(userName)) problems.userName = 'userNameSpaces';
  if (!values.displayName.trim()) problems.displayName = 'nameRequired';
  const email = values.email.trim();
  if (email && !emailSchema.safeParse(email).success) problems.email = 'emailInvalid';
  const reach = userReachProblems(values);
  if (reach.department) problems.department = reach.department;
  if (reach.contact) problems.contact = reach.contact;
  return problems;
}
