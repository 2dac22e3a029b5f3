import { Menu } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { shellUserMenu } from '@hasp/contracts';
import { Icon } from '../../components/Icon';
import type { Session } from '../../lib/auth-session';
import { useCaptions } from '../../lib/i18n';
import { signOut } from '../../lib/sign-out';
import { SHOW_SERVER_STATUS_KEY } from './ServerStatus';
import classes from './TopBar.module.css';

/** The local setting behind the server-status icon (localStorage `showServerStatus` = 'true'). */
export function useShowServerStatus() {
  return useLocalStorage<boolean>({
    key: SHOW_SERVER_STATUS_KEY,
    defaultValue: false,
    serialize: String,
    deserialize: (value) => value === 'true',
  });
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The user menu: who is signed in where, the profile, the server-status setting and sign-out. */
export function UserMenu({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const t = useCaptions();
  const [showServerStatus, setShowServerStatus] = useShowServerStatus();
  const { user, facility } = session;
  return (
    <Menu position="bottom-end" width={260} shadow="md" withArrow withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <button
          type="button"
          className={classes.user}
          aria-label={t(shellUserMenu.menuFor, { name: user.displayName })}
        >
          {/* Initials drawn by CSS: they are decoration, not part of the button's text. */}
          <span className={classes.avatar} data-initials={initials(user.displayName)} aria-hidden="true" />
          <span className={classes.userName}>{user.displayName}</span>
          <Icon name="chevron-down" size={16} className={classes.userChevron} />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <span className={classes.menuName}>{user.displayName}</span>
          <span className={classes.menuDetail}>{user.userName}</span>
          <span className={classes.menuDetail}>{facility.name}</span>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/user-profile" leftSection={<Icon name="user" size={18} />}>
          {t(shellUserMenu.profile)}
        </Menu.Item>
        <Menu.CheckboxItem checked={showServerStatus} onChange={setShowServerStatus}>
          {t(shellUserMenu.showServerStatus)}
        </Menu.CheckboxItem>
        <Menu.Divider />
        <Menu.Item leftSection={<Icon name="logout" size={18} />} onClick={() => void signOut(queryClient)}>
          {t(shellUserMenu.signOut)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
