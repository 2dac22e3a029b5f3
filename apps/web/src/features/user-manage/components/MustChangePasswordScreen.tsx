import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  mustChangePasswordButtons,
  mustChangePasswordLabels,
  mustChangePasswordMessages,
  PRODUCT_NAME,
} from '@hasp/contracts';
import { signOut } from '../../../lib/sign-out';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, sendForm } from '../../../lib/send-form';
import { sessionContextKeys } from '../../../lib/session-context';
import classes from '../UserManage.module.css';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const fields: Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/**
 * All a user signed in with a one-time password sees: they choose their own password (the
 * profile's password change, which clears the flag on the server), then the app opens.
 */
export function MustChangePasswordScreen() {
  const t = useCaptions();
  const queryClient = useQueryClient();
  const m = mustChangePasswordMessages;
  const l = mustChangePasswordLabels;
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const show = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(`must-change-${first}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = t(m.currentRequired);
    if (!values.newPassword) found.newPassword = t(m.newRequired);
    else if (values.newPassword === values.currentPassword) found.newPassword = t(m.same);
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = t(m.mismatch);
    show(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await sendForm('profile/password', {
        method: 'POST',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword, signOutOtherSessions: true },
      });
      // The session context now says the password is the user's own: the app opens.
      await queryClient.invalidateQueries({ queryKey: sessionContextKeys.all });
    } catch (error) {
      // The server's words on the policy name the configured minimum length.
      const server = fieldErrorsOf(error);
      show({ currentPassword: server.currentPassword, newPassword: server.newPassword });
    } finally {
      setPending(false);
    }
  };

  const input = (field: Field, label: string, autoComplete: string, description?: string) => (
    <TextInput
      id={`must-change-${field}`}
      type="password"
      label={label}
      description={description}
      required
      autoComplete={autoComplete}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );

  return (
    <main className={classes.mustChange}>
      <title>{`${t(l.title)} · ${PRODUCT_NAME}`}</title>
      <div className={classes.mustChangeCard}>
        <h1 className={classes.mustChangeTitle}>{t(l.title)}</h1>
        <Text mb="md">{t(l.lead)}</Text>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            {input('currentPassword', t(l.currentPassword), 'current-password')}
            {input('newPassword', t(l.newPassword), 'new-password', t(l['newPassword::description']))}
            {input('confirmPassword', t(l.confirmPassword), 'new-password')}
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => void signOut(queryClient)}>
                {t(mustChangePasswordButtons.signOut)}
              </Button>
              <Button type="submit" loading={pending}>
                {t(mustChangePasswordButtons.submit)}
              </Button>
            </Group>
          </Stack>
        </form>
      </div>
    </main>
  );
}
