import { TextInput } from '@mantine/core';
import { USER_CONTACT_MAX, USER_DEPARTMENT_MAX, userReachLabels } from '@hasp/contracts';
import { useCaptions } from '../lib/i18n';

type ReachField = 'department' | 'contact';

interface UserReachFieldsProps {
  /** The inputs' IDs are `<idPrefix>-department` and `<idPrefix>-contact` (a form focuses its first problem by ID). */
  idPrefix: string;
  values: Record<ReachField, string>;
  errors: Partial<Record<ReachField, string | undefined>>;
  onChange: (field: ReachField, value: string) => void;
}

/**
 * A user's department or crew and contact, printed on the danger tags they hang: the same two inputs
 * in User Manage (an administrator) and the user's own profile.
 */
export function UserReachFields({ idPrefix, values, errors, onChange }: UserReachFieldsProps) {
  const t = useCaptions();
  return (
    <>
      <TextInput
        id={`${idPrefix}-department`}
        label={t(userReachLabels.department)}
        description={t(userReachLabels['department::description'])}
        autoComplete="off"
        maxLength={USER_DEPARTMENT_MAX}
        value={values.department}
        error={errors.department}
        onChange={(event) => onChange('department', event.currentTarget.value)}
      />
      <TextInput
        id={`${idPrefix}-contact`}
        label={t(userReachLabels.contact)}
        description={t(userReachLabels['contact::description'])}
        autoComplete="off"
        maxLength={USER_CONTACT_MAX}
        value={values.contact}
        error={errors.contact}
        onChange={(event) => onChange('contact', event.currentTarget.value)}
      />
    </>
  );
}
