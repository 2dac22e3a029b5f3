import { Burger } from '@mantine/core';
import { Link } from 'react-router';
import { shellLabels, truncateFacilityName, type SessionContext } from '@hasp/contracts';
import { BrandMark } from '../../components/BrandMark';
import { Icon } from '../../components/Icon';
import { FacilityLogo, useFacilityProfile } from '../../features/facility-profile';
import { NotificationsButton } from '../../features/notifications';
import { permitTypeIcon, useNavigation } from '../../features/navigation';
import { SyncStatus } from '../../features/sync';
import type { Session } from '../../lib/auth-session';
import { useCaptions } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { OfflineToggle } from './OfflineToggle';
import { ServerStatus } from './ServerStatus';
import { UserMenu, useShowServerStatus } from './UserMenu';
import classes from './TopBar.module.css';

interface TopBarProps {
  session: Session;
  context: SessionContext | undefined;
  online: boolean;
  isMobile: boolean;
  pathname: string;
  sidebarOpen: boolean;
  sidebarId: string;
  onToggleSidebar: () => void;
  /** Opens the labelled administration menu (shown here on phones, where the icon bar is hidden). */
  onOpenAdministration: (() => void) | null;
}

/**
 * The seed's top bar: sidebar toggle, product mark, facility (cut at 25 characters, full name on
 * hover), the page's permit-type icon and titles, the OFFLINE banner, the offline toggle (OfflineMode
 * on, not on a permit edit page), notifications (Notifications on), the optional server status
 * and the user menu.
 */
export function TopBar(props: TopBarProps) {
  const { session, context, online, isMobile, pathname } = props;
  const pageTitle = usePageTitle();
  const t = useCaptions();
  const navigation = useNavigation();
  const [showServerStatus] = useShowServerStatus();
  const modules = context?.facilitySettings.moduleSettings;
  const showToggle = modules?.OfflineMode === true && !pathname.includes('/Permit/Edit');
  const icon = pageTitle.permitType ? permitTypeIcon(navigation.data, pageTitle.permitType) : null;
  // The profile carries a rename made after sign-in, and the logo.
  const facilityProfile = useFacilityProfile();
  const facilityName = facilityProfile.data?.name ?? session.facility.name;

  return (
    <>
      <div className={classes.bar}>
        <div className={classes.start}>
          <Burger
            opened={props.sidebarOpen}
            onClick={props.onToggleSidebar}
            size="sm"
            color="white"
            aria-label={t(props.sidebarOpen ? shellLabels.hideSidebar : shellLabels.showSidebar)}
            aria-expanded={props.sidebarOpen}
            aria-controls={props.sidebarId}
            className={classes.burger}
          />
          <Link to="/" className={classes.home} aria-label={t(shellLabels.homeLink)}>
            <BrandMark tone="onDark" />
          </Link>
        </div>

        <div className={classes.context}>
          <FacilityLogo profile={facilityProfile.data} />
          <div className={classes.facility}>
            <span className={classes.caption}>{t(shellLabels.facility)}</span>
            <span className={classes.facilityName} title={facilityName}>
              {truncateFacilityName(facilityName)}
            </span>
          </div>
          {pageTitle.title && (
            <div className={classes.titles}>
              {icon && <Icon name={icon} size={18} className={classes.titleIcon} />}
              <span className={classes.pageTitle}>{pageTitle.title}</span>
              {pageTitle.childTitle && (
                <>
                  <Icon name="chevron-right" size={14} className={classes.titleSeparator} />
                  <span className={classes.childTitle}>{pageTitle.childTitle}</span>
                </>
              )}
            </div>
          )}
        </div>

        <div className={classes.end}>
          <SyncStatus compact={isMobile} hideWhenSynced={modules?.OfflineMode !== true} />
          {showToggle && <OfflineToggle compact={isMobile} />}
          {showServerStatus && <ServerStatus />}
          {modules?.Notifications === true && <NotificationsButton />}
          {props.onOpenAdministration && (
            <button
              type="button"
              className={classes.headerButton}
              data-compact
              aria-label={t(shellLabels.administrationMenu)}
              onClick={props.onOpenAdministration}
            >
              <Icon name="apps" size={18} />
            </button>
          )}
          <UserMenu session={session} />
        </div>
      </div>
      {!online && (
        <div className={classes.offlineBanner} role="status">
          <Icon name="cloud-off" size={18} />
          <strong>{t(shellLabels.offlineBanner)}</strong>
          <span className={classes.offlineText}>{t(shellLabels.offlineBannerText)}</span>
        </div>
      )}
    </>
  );
}
