import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type profileMessages } from '@hasp/contracts';

/** A problem with one field: the message's caption key in profileMessages. */
export type ProfileMessage = keyof typeof profileMessages;

const emailSchema = z.email();
const NAME_MAX_LENGTH = 200;

export interface DetailsValues {
  displayName: string;
  email: string;
}

/** What the details form must fix before saving (the server checks the same, this says it sooner). */
export function detailsProblems(values: DetailsValues): { displayName?: ProfileMessage; email?: ProfileMessage } {
  const name = values.displayName.trim();
  const email = values.email.trim();
  return {
    displayName: !name ? 'nameRequired' : name.length > NAME_MAX_LENGTH ? 'nameTooLong' : undefined,
    email: email && !emailSchema.safeParse(email).success ? 'emailInvalid' : undefined,
  };
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordField = keyof PasswordValues;

/** What the password form must fix before sending: each problem named at its own field. */
export function passwordProblems(values: PasswordValues): Partial<Record<PasswordField, ProfileMessage>> {
  const { currentPassword, newPassword, confirmPassword } = values;
  const problems: Partial<Record<PasswordField, ProfileMessage>> = {};
  if (!currentPassword) problems.currentPassword = 'currentPasswordRequired';
  if (newPassword.length < PASSWORD_MIN_LENGTH) problems.newPassword = 'newPasswordTooShort';
  else if (newPassword.length > PASSWORD_MAX_LENGTH) problems.newPassword = 'newPasswordTooLong';
  else if (currentPassword && newPassword === currentPassword) problems.newPassword = 'newPasswordSame';
  if (!problems.newPassword && confirmPassword !== newPassword) problems.confirmPassword = 'passwordMismatch';
  return problems;
}

/** The caption for the server's word on a password field (its messages are English only). */
export function passwordServerProblem(field: string): ProfileMessage | undefined {
  if (field === 'currentPassword') return 'currentPasswordWrong';
  if (field === 'newPassword') return 'newPasswordSame';
  return undefined;
}
