import { useId, useMemo, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { shellLabels, type NavGroup, type NavLink } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useNavigation } from '../api/get-navigation';
import { isLinkUsable, isOfflineLink, visibleNavGroups } from '../nav-rules';
import classes from './SidebarNav.module.css';

interface SidebarNavProps {
  online: boolean;
  /** The facility's OfflineMode module: adds the offline dashboard link. */
  offlineMode: boolean;
  permissions: readonly string[];
}

function sameUrl(url: string, pathname: string, search: string): boolean {
  const [path = '', query = ''] = url.split('?');
  return path.toLowerCase() === pathname.toLowerCase() && (query === '' ? search === '' : `?${query}` === search);
}

function groupOf(groups: NavGroup[], pathname: string, search: string): string | null {
  return groups.find((g) => g.links.some((l) => sameUrl(l.url, pathname, search)))?.ID ?? null;
}

/**
 * The left sidebar: home, the offline dashboard, and the permit groups from the server with their
 * links. One group is open at a time; clicking the open one closes it.
 */
export function SidebarNav({ online, offlineMode, permissions }: SidebarNavProps) {
  const navigation = useNavigation();
  const t = useCaptions();
  const { pathname, search } = useLocation();
  const id = useId();
  const groups = useMemo(() => visibleNavGroups(navigation.data ?? [], permissions), [navigation.data, permissions]);
  // Until the user picks one, the group holding the current page is open.
  const [chosen, setChosen] = useState<{ open: string | null } | null>(null);
  const openId = chosen ? chosen.open : groupOf(groups, pathname, search);

  return (
    <div className={classes.root}>
      <ul className={classes.list}>
        <li>
          <Link to="/" className={classes.link} aria-current={pathname === '/' ? 'page' : undefined}>
            <Icon name="home" className={classes.icon} />
            <span>{t(shellLabels.home)}</span>
          </Link>
        </li>
        {offlineMode && (
          <li>
            <Link
              to="/offline/dashboard"
              className={classes.link}
              aria-current={pathname === '/offline/dashboard' ? 'page' : undefined}
            >
              <Icon name="cloud-off" className={classes.icon} />
              <span>{t(shellLabels.offlineDashboard)}</span>
            </Link>
          </li>
        )}
      </ul>

      <h2 className={classes.heading} id={`${id}-permits`}>
        {t(shellLabels.permits)}
      </h2>
      {navigation.isPending && (
        <p className={classes.status} role="status">
          <Loader size="xs" color="steel" /> {t(shellLabels.loadingPermitTypes)}
        </p>
      )}
      {navigation.isError && (
        <div className={classes.status} role="alert">
          <span>{t(shellLabels.permitTypesFailed)}</span>
          <Button size="compact-xs" variant="default" onClick={() => void navigation.refetch()}>
            {t(shellLabels.tryAgain)}
          </Button>
        </div>
      )}
      {navigation.isSuccess && groups.length === 0 && <p className={classes.status}>{t(shellLabels.noPermitTypes)}</p>}
      <ul className={classes.list} aria-labelledby={`${id}-permits`}>
        {groups.map((group) => {
          const open = openId === group.ID;
          const panelId = `${id}-${group.ID}`;
          return (
            <li key={group.ID}>
              <button
                type="button"
                className={classes.group}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setChosen({ open: open ? null : group.ID })}
              >
                <Icon name={group.icon} fallback="folder" className={classes.icon} />
                <span className={classes.label}>{group.name}</span>
                <Icon name="chevron-down" size={16} className={classes.chevron} />
              </button>
              <ul id={panelId} className={classes.links} hidden={!open}>
                {group.links.map((link) => (
                  <li key={link.ID}>
                    <SidebarLink link={link} online={online} current={sameUrl(link.url, pathname, search)} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SidebarLink({ link, online, current }: { link: NavLink; online: boolean; current: boolean }) {
  const t = useCaptions();
  const content = (
    <>
      <Icon name={isOfflineLink(link) ? 'cloud-off' : link.icon} className={classes.icon} size={18} />
      <span className={classes.label}>{link.name}</span>
    </>
  );
  if (!isLinkUsable(link, online)) {
    const reason = t(link.enabled ? shellLabels.notAvailableOffline : shellLabels.noPermission);
    return (
      <span className={classes.link} role="link" aria-disabled="true" title={reason} data-disabled>
        {content}
      </span>
    );
  }
  return (
    <Link to={link.url} className={classes.link} aria-current={current ? 'page' : undefined}>
      {content}
    </Link>
  );
}
