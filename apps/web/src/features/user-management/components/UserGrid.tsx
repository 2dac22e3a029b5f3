import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { userManagementLabels, userManagementMessages, type UserOverviewRow } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../UserManagement.module.css';

interface UserGridProps {
  users: UserOverviewRow[];
  selected: Set<number>;
  currentUserId: number;
  busy: boolean;
  onToggle: (id: number, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
}

/** Users × facilities × groups: one row per user, with a checkbox for the bulk actions. */
export function UserGrid({ users, selected, currentUserId, busy, onToggle, onTogglePage }: UserGridProps) {
  const t = useCaptions();
  const l = userManagementLabels;
  const selectable = users.filter((u) => u.ID !== currentUserId);
  const chosen = selectable.filter((u) => selected.has(u.ID)).length;
  return (
    <Table className={classes.stacked} verticalSpacing="sm" aria-busy={busy || undefined}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <Checkbox
              aria-label={t(l.selectAll)}
              checked={selectable.length > 0 && chosen === selectable.length}
              indeterminate={chosen > 0 && chosen < selectable.length}
              disabled={selectable.length === 0}
              onChange={(event) => onTogglePage(event.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th scope="col">{t(l.name)}</Table.Th>
          <Table.Th scope="col">{t(l.userName)}</Table.Th>
          <Table.Th scope="col">{t(l.facilities)}</Table.Th>
          <Table.Th scope="col">{t(l.groups)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const isSelf = user.ID === currentUserId;
          return (
            <Table.Tr key={user.ID} data-user-name={user.userName}>
              <Table.Td>
                <Checkbox
                  aria-label={t(l.selectUser, { name: user.displayName })}
                  checked={selected.has(user.ID)}
                  disabled={isSelf}
                  title={isSelf ? t(userManagementMessages.selfExcluded) : undefined}
                  onChange={(event) => onToggle(user.ID, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td data-label={t(l.name)} className={classes.cellText}>
                <Text fw={600} span>
                  {user.displayName}
                </Text>{' '}
                {!user.isActive && (
                  <Badge color="gray.7" variant="outline">
                    {t(l.inactive)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label={t(l.userName)} className={classes.cellText}>
                {user.userName}
              </Table.Td>
              <Table.Td data-label={t(l.facilities)}>
                <div className={classes.badges}>
                  {user.facilities.map((f) => (
                    <Badge
                      key={f.ID}
                      variant="outline"
                      color="blue.8"
                      tt="none"
                      classNames={{ root: classes.badge, label: classes.badgeLabel }}
                    >
                      {f.name}
                    </Badge>
                  ))}
                </div>
              </Table.Td>
              <Table.Td data-label={t(l.groups)}>
                <div className={classes.badges}>
                  {user.groups.length === 0 ? (
                    <Text size="sm" c="gray.7">
                      {t(l.none)}
                    </Text>
                  ) : (
                    user.groups.map((g) => (
                      <Badge
                        key={g.ID}
                        variant="outline"
                        color="teal.9"
                        tt="none"
                        classNames={{ root: classes.badge, label: classes.badgeLabel }}
                      >
                        {g.name}
                      </Badge>
                    ))
                  )}
                </div>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
