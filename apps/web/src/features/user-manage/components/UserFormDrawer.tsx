import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  userManageButtons,
  userManageLabels,
  userManageMessages,
  userManageTitles,
  userReachMessages,
  type ManagedUser,
  type UserManageOptions,
} from '@hasp/contracts';
import { UserReachFields } from '../../../components/UserReachFields';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/send-form';
import { useSaveUser } from '../api/save-user';
import {
  formValuesOf,
  inputOf,
  userFormProblems,
  type UserField,
  type UserFormMessage,
  type UserFormValues,
} from '../form-values';
import classes from '../UserManage.module.css';

interface UserFormDrawerProps {
  /** null: closed; 'new': a new user; a user: edit them. */
  editing: ManagedUser | 'new' | null;
  options: UserManageOptions | undefined;
  currentFacilityId: number;
  currentUserId: number;
  onClose: () => void;
  onSaved: (user: ManagedUser, created: boolean) => void;
}

const fieldOrder: UserField[] = [
  'userName',
  'displayName',
  'email',
  'department',
  'contact',
  'groupIDs',
  'facilityIDs',
];

/** Creates or edits a user in a side drawer; what was typed stays when saving fails. */
export function UserFormDrawer(props: UserFormDrawerProps) {
  const t = useCaptions();
  const { editing, onClose } = props;
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t(editing === 'new' ? userManageTitles.create : userManageTitles.edit)}
      closeButtonProps={{ 'aria-label': t(userManageButtons.close) }}
    >
      {editing !== null && (
        <UserForm key={editing === 'new' ? 'new' : editing.ID} {...props} user={editing === 'new' ? null : editing} />
      )}
    </Drawer>
  );
}

function UserForm({
  user,
  options,
  currentFacilityId,
  currentUserId,
  onClose,
  onSaved,
}: UserFormDrawerProps & { user: ManagedUser | null }) {
  const t = useCaptions();
  const save = useSaveUser();
  const [values, setValues] = useState<UserFormValues>(() => formValuesOf(user, currentFacilityId));
  const [problems, setProblems] = useState<Partial<Record<UserField, UserFormMessage>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // Nobody changes their own access: the server refuses it, the form does not offer it.
  const isSelf = user?.ID === currentUserId;

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field as UserField]: _gone, ...rest }) => rest);
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorOf = (field: UserField) => {
    const problem = problems[field];
    if (!problem) return serverErrors[field];
    return t(
      problem in userManageMessages
        ? userManageMessages[problem as keyof typeof userManageMessages]
        : userReachMessages[problem as keyof typeof userReachMessages],
    );
  };
  const focusFirst = (fields: Partial<Record<UserField, unknown>>) => {
    const first = fieldOrder.find((field) => fields[field]);
    if (first) document.getElementById(`user-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = userFormProblems(values);
    setProblems(found);
    setServerErrors({});
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    save.mutate(
      { id: user?.ID ?? null, input: inputOf(values) },
      {
        onSuccess: (saved) => onSaved(saved, user === null),
        onError: (error) => {
          const errors = fieldErrorsOf(error);
          setServerErrors(errors);
          focusFirst(errors);
        },
      },
    );
  };

  const hasErrors = Object.keys(problems).length > 0 || Object.keys(serverErrors).length > 0;
  const facilities = options?.facilities ?? [];
  const groups = options?.groups ?? [];
  return (
    <form noValidate onSubmit={submit} className={classes.form}>
      <Stack gap="md">
        {hasErrors && (
          <Alert color="red" variant="light" role="alert">
            {t(userManageMessages.fixFields)}
          </Alert>
        )}
        <TextInput
          id="user-userName"
          label={t(userManageLabels.userName)}
          required
          autoComplete="off"
          value={values.userName}
          error={errorOf('userName')}
          disabled={isSelf}
          onChange={(event) => set('userName', event.currentTarget.value)}
        />
        <TextInput
          id="user-displayName"
          label={t(userManageLabels.displayName)}
          required
          autoComplete="off"
          value={values.displayName}
          error={errorOf('displayName')}
          onChange={(event) => set('displayName', event.currentTarget.value)}
        />
        <TextInput
          id="user-email"
          type="email"
          label={t(userManageLabels.email)}
          description={t(userManageLabels['email::description'])}
          autoComplete="off"
          value={values.email}
          error={errorOf('email')}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        <UserReachFields
          idPrefix="user"
          values={values}
          errors={{ department: errorOf('department'), contact: errorOf('contact') }}
          onChange={set}
        />
        <Checkbox
          label={t(userManageLabels.isActiveDirectoryUser)}
          description={t(userManageLabels['isActiveDirectoryUser::description'])}
          checked={values.isActiveDirectoryUser}
          disabled={isSelf}
          onChange={(event) => set('isActiveDirectoryUser', event.currentTarget.checked)}
        />
        {isSelf && <Text size="sm">{t(userManageMessages.ownAccess)}</Text>}
        <Checkbox.Group
          id="user-groupIDs"
          label={t(userManageLabels.groups)}
          value={values.groupIDs}
          error={errorOf('groupIDs')}
          onChange={(value) => set('groupIDs', value)}
        >
          <Stack gap="xs" mt="xs">
            {groups.length === 0 && <Text size="sm">{t(userManageLabels.noGroups)}</Text>}
            {groups.map((group) => (
              <Checkbox key={group.ID} value={String(group.ID)} label={group.name} disabled={isSelf} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          id="user-facilityIDs"
          label={t(userManageLabels.facilities)}
          description={t(userManageLabels['facilities::description'])}
          value={values.facilityIDs}
          error={errorOf('facilityIDs')}
          onChange={(value) => set('facilityIDs', value)}
        >
          <Stack gap="xs" mt="xs">
            {facilities.map((facility) => (
              <Checkbox
                key={facility.ID}
                value={String(facility.ID)}
                label={facility.name}
                disabled={isSelf || facility.ID === currentFacilityId}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t(userManageButtons.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(userManageButtons.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
