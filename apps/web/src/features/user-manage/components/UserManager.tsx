import { useState } from 'react';
import { Alert, Button, Center, Loader, NativeSelect, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  userManageButtons,
  userManageLabels,
  userManageMessages,
  userStatusFilters,
  type ManagedUser,
  type UserStatusFilter,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useUserManageOptions } from '../api/get-options';
import { useUsers } from '../api/get-users';
import { useUserAction, type UserAction } from '../api/user-actions';
import { ConfirmActiveDialog } from './ConfirmActiveDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDrawer } from './UserFormDrawer';
import { UserListItem } from './UserListItem';
import classes from '../UserManage.module.css';

const PAGE_SIZE = 20;
const doneMessages = {
  deactivate: userManageMessages.deactivated,
  reactivate: userManageMessages.reactivated,
  unlock: userManageMessages.unlocked,
} as const;

/** The facility's users: search, filters and pages, and every administrator action on them. */
export function UserManager() {
  const t = useCaptions();
  const { session } = useAuthState();
  const currentUserId = session?.user.ID ?? 0;
  const currentFacilityId = session?.facility.ID ?? 0;
  const l = userManageLabels;

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [groupId, setGroupId] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers({
    search: debouncedSearch || undefined,
    status,
    groupId: groupId ? Number(groupId) : undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const options = useUserManageOptions();
  const action = useUserAction();
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const [confirming, setConfirming] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);

  const run = (user: ManagedUser, what: UserAction) =>
    action.mutate(
      { id: user.ID, action: what },
      {
        onSuccess: (updated) => {
          setConfirming(null);
          showToast({
            title: updated.displayName,
            message: t(doneMessages[what], { name: updated.displayName }),
            tone: 'success',
          });
        },
      },
    );
  // A new search or filter starts at the first page.
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          type="search"
          label={t(l.search)}
          placeholder={t(l['search::placeholder'])}
          value={search}
          onChange={(event) => {
            const value = event.currentTarget.value;
            filter(() => setSearch(value));
          }}
        />
        <NativeSelect
          label={t(l.status)}
          value={status}
          onChange={(event) => {
            const value = event.currentTarget.value as UserStatusFilter;
            filter(() => setStatus(value));
          }}
          data={userStatusFilters.map((s) => ({ value: s, label: t(l[`status::${s}`]) }))}
        />
        <NativeSelect
          label={t(l.group)}
          value={groupId}
          onChange={(event) => {
            const value = event.currentTarget.value;
            filter(() => setGroupId(value));
          }}
          data={[
            { value: '', label: t(l.allGroups) },
            ...(options.data?.groups ?? []).map((g) => ({ value: String(g.ID), label: g.name })),
          ]}
        />
      </div>
      <div className={classes.summary}>
        <Text role="status" aria-live="polite">
          {users.data ? t(l.count, { count: total }) : ''}
        </Text>
        <Button leftSection={<Icon name="plus" size={18} />} onClick={() => setEditing('new')}>
          {t(userManageButtons.create)}
        </Button>
      </div>
      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(l.loading)} />
        </Center>
      ) : users.isError && !users.data ? (
        <Alert color="red" variant="light" title={t(userManageMessages.loadFailed)}>
          <Button variant="default" mt="xs" onClick={() => void users.refetch()}>
            {t(userManageButtons.retry)}
          </Button>
        </Alert>
      ) : users.data.items.length === 0 ? (
        <Text className={classes.note}>{t(userManageMessages.empty)}</Text>
      ) : (
        <ul className={classes.list} aria-busy={users.isFetching || undefined}>
          {users.data.items.map((user) => (
            <li key={user.ID}>
              <UserListItem
                user={user}
                isSelf={user.ID === currentUserId}
                busy={action.isPending && action.variables.id === user.ID}
                onEdit={() => setEditing(user)}
                onResetPassword={() => setResetting(user)}
                onToggleActive={() => setConfirming(user)}
                onAction={(what) => run(user, what)}
              />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t(l.pages)} className={classes.pagination}>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={1} boundaries={1} />
        </nav>
      )}
      <UserFormDrawer
        editing={editing}
        options={options.data}
        currentFacilityId={currentFacilityId}
        currentUserId={currentUserId}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          showToast({
            title: saved.displayName,
            message: t(created ? userManageMessages.created : userManageMessages.saved, { name: saved.displayName }),
            tone: 'success',
          });
        }}
      />
      <ConfirmActiveDialog
        user={confirming}
        busy={action.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={(user) => run(user, user.isActive ? 'deactivate' : 'reactivate')}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
