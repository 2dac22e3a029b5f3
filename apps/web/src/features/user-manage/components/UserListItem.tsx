import { Badge, Button, Group } from '@mantine/core';
import { userManageBadges, userManageButtons, userManageLabels, type ManagedUser } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import type { UserAction } from '../api/user-actions';
import classes from '../UserManage.module.css';

// Dark outline colours, so the small badge text stays readable (AA contrast) on white.
const colors = {
  active: '#1b5e20',
  neutral: '#495057',
  locked: '#b71c1c',
  directory: '#283593',
  warning: '#8a4b00',
} as const;

interface UserListItemProps {
  user: ManagedUser;
  isSelf: boolean;
  busy: boolean;
  onEdit: () => void;
  onResetPassword: () => void;
  onToggleActive: () => void;
  onAction: (action: UserAction) => void;
}

/** One user: who they are, their state at a glance, and what an administrator can do. */
export function UserListItem({
  user,
  isSelf,
  busy,
  onEdit,
  onResetPassword,
  onToggleActive,
  onAction,
}: UserListItemProps) {
  const t = useCaptions();
  const b = userManageBadges;
  const groups = user.groups.map((g) => g.name).join(', ');
  return (
    <article className={classes.item} aria-labelledby={`user-${user.ID}-name`}>
      <div className={classes.itemHeader}>
        <h2 id={`user-${user.ID}-name`} className={classes.itemTitle}>
          {user.displayName}
        </h2>
        <Group gap={6} className={classes.badges}>
          {user.isActive ? (
            <Badge color={colors.active} variant="outline">
              {t(b.active)}
            </Badge>
          ) : (
            <Badge color={colors.neutral} variant="outline">
              {t(b.inactive)}
            </Badge>
          )}
          {user.lockedAt && (
            <Badge color={colors.locked} variant="outline" leftSection={<Icon name="lock" size={12} />}>
              {t(b.locked)}
            </Badge>
          )}
          {user.isActiveDirectoryUser && (
            <Badge color={colors.directory} variant="outline" title={t(b['directory::title'])}>
              {t(b.directory)}
            </Badge>
          )}
          {user.mustChangePassword && (
            <Badge color={colors.warning} variant="outline">
              {t(b.mustChange)}
            </Badge>
          )}
          {!user.hasPassword && !user.isActiveDirectoryUser && (
            <Badge color={colors.neutral} variant="outline">
              {t(b.noPassword)}
            </Badge>
          )}
        </Group>
      </div>
      <p className={classes.meta}>
        {user.userName}
        {user.email ? ` · ${user.email}` : ''}
      </p>
      <p className={classes.meta}>
        {groups ? t(userManageLabels.groupsOf, { groups }) : t(userManageLabels.noGroupsOf)}
      </p>
      <Group gap="xs" mt={4} role="group" aria-label={t(userManageLabels.actionsFor, { name: user.displayName })}>
        <Button size="xs" variant="default" leftSection={<Icon name="pencil" size={14} />} onClick={onEdit}>
          {t(userManageButtons.edit)}
        </Button>
        {!user.isActiveDirectoryUser && !isSelf && (
          <Button size="xs" variant="default" onClick={onResetPassword} disabled={!user.isActive}>
            {t(userManageButtons.resetPassword)}
          </Button>
        )}
        {user.lockedAt && (
          <Button size="xs" variant="default" loading={busy} onClick={() => onAction('unlock')}>
            {t(userManageButtons.unlock)}
          </Button>
        )}
        {!isSelf && (
          <Button size="xs" variant="default" onClick={onToggleActive}>
            {t(user.isActive ? userManageButtons.deactivate : userManageButtons.reactivate)}
          </Button>
        )}
      </Group>
    </article>
  );
}
