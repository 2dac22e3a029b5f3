import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { profileButtons, profileMessages, profilePasswordLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';
import { fieldErrorsOf } from '../../../lib/send-form';
import { passwordProblems, passwordServerProblem, type PasswordField, type ProfileMessage } from '../form-rules';
import columns from '../../../components/SettingsColumns.module.css';
import classes from '../Profile.module.css';

const fields: PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the password: the current one proves it is the user, the policy shows before they type. */
export function PasswordForm({ isDirectoryUser }: { isDirectoryUser: boolean }) {
  const t = useCaptions();
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [problems, setProblems] = useState<Partial<Record<PasswordField, ProfileMessage>>>({});
  const [done, setDone] = useState<ProfileMessage | null>(null);

  const heading = (
    <h2 id="profile-password-heading" className={columns.sectionTitle}>
      {t(profilePasswordLabels.heading)}
    </h2>
  );
  if (isDirectoryUser) {
    return (
      <section aria-labelledby="profile-password-heading">
        {heading}
        <Text>{t(profilePasswordLabels.directoryManaged)}</Text>
      </section>
    );
  }

  const policy = t(profileMessages.passwordPolicy);
  const messageOf = (field: PasswordField) => {
    const problem = problems[field];
    return problem ? t(profileMessages[problem], { policy }) : undefined;
  };

  const show = (found: Partial<Record<PasswordField, ProfileMessage>>) => {
    setProblems(found);
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  const setField = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDone(null);
    if (problems[field]) setProblems(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const found = passwordProblems(values);
    show(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword, signOutOtherSessions: signOutOthers },
      {
        onSuccess: () => {
          setValues(empty);
          setDone(signOutOthers ? 'passwordChangedOthersSignedOut' : 'passwordChanged');
        },
        onError: (error) => {
          const serverProblems: Partial<Record<PasswordField, ProfileMessage>> = {};
          for (const field of Object.keys(fieldErrorsOf(error))) {
            const problem = passwordServerProblem(field);
            if (problem && (field === 'currentPassword' || field === 'newPassword')) serverProblems[field] = problem;
          }
          show(serverProblems);
        },
      },
    );
  };

  const input = (field: PasswordField, label: string, autoComplete: string, description?: string) => (
    <TextInput
      id={`profile-${field}`}
      type="password"
      label={label}
      description={description}
      required
      autoComplete={autoComplete}
      value={values[field]}
      error={messageOf(field)}
      onChange={(event) => setField(field, event.currentTarget.value)}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-password-heading">
      {heading}
      <Stack gap="md">
        {input('currentPassword', t(profilePasswordLabels.currentPassword), 'current-password')}
        {input('newPassword', t(profilePasswordLabels.newPassword), 'new-password', policy)}
        {input('confirmPassword', t(profilePasswordLabels.confirmPassword), 'new-password')}
        <Checkbox
          label={t(profilePasswordLabels.signOutOthers)}
          description={t(profilePasswordLabels['signOutOthers::description'])}
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.currentTarget.checked)}
        />
        <div className={classes.formActions}>
          <Button type="submit" loading={change.isPending}>
            {t(profileButtons.changePassword)}
          </Button>
          <span role="status" className={classes.status}>
            {done ? t(profileMessages[done]) : ''}
          </span>
        </div>
      </Stack>
    </form>
  );
}
