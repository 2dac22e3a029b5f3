import { defineCommand, type CommandRun } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { findLanguageByCode } from '../translations';
import { ownAccount, profilePolicy, type OwnAccountState } from './change-password';
import { findProfile, updateProfileRow } from './profile.repository';

/** The request body of the profile edit (contracts' updateProfileSchema). */
export interface UpdateProfile {
  displayName: string;
  email: string | null;
  languageCode: string | null;
  department?: string | null | undefined;
  contact?: string | null | undefined;
}

/**
 * The signed-in user's own name, e-mail, language, department and contact, audited: the contact is
 * printed on the danger tags they hang, and whoever reads the trail sees when it changed and to what.
 * A department or contact left out stays as it is; empty text is none.
 */
export const updateOwnProfile = defineCommand({
  name: 'profile.update',
  target: ownAccount,
  policy: profilePolicy['profile.update'],
  async apply(run: CommandRun<UpdateProfile, OwnAccountState>) {
    const { trx, input, state } = run;
    let languageId: number | null = null;
    if (input.languageCode) {
      const language = await findLanguageByCode(trx, input.languageCode);
      if (!language)
        throw new AppError('VALIDATION_FAILED', 400, 'Unknown language', [
          { field: 'languageCode', message: 'Choose one of the languages' },
        ]);
      languageId = language.id;
    }
    const before = (await findProfile(trx, state.userId))!;
    await updateProfileRow(trx, state.userId, {
      displayName: input.displayName,
      email: input.email,
      languageId,
      ...(input.department !== undefined ? { department: input.department || null } : {}),
      ...(input.contact !== undefined ? { contact: input.contact || null } : {}),
    });
    const after = (await findProfile(trx, state.userId))!;
    const audited = ({ displayName, email, languageCode, department, contact }: typeof before) => ({
      displayName,
      email,
      languageCode,
      department,
      contact,
    });
    run.audit({
      action: 'user.profile.update',
      entityType: 'user',
      entityId: state.userId,
      before: audited(before),
      after: audited(after),
    });
    run.event({ name: 'user.profile.changed', entityType: 'user', entityId: state.userId });
    return after;
  },
});
