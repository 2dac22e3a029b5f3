import { Badge, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { profileButtons, profileDeviceLabels, type UserSession } from '@hasp/contracts';
import { signOut } from '../../../lib/sign-out';
import { Icon } from '../../../components/Icon';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { describeUserAgent } from '../describe-user-agent';
import classes from '../Profile.module.css';

const MOBILE_SYSTEMS = new Set(['iPhone', 'iPad', 'Android']);

function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface DeviceItemProps {
  session: UserSession;
  /** Asks to revoke this (other) device; `name` is how the list names it. */
  onRevoke: (name: string) => void;
}

/**
 * One signed-in device. This device is not revoked from the list but signed out: the app's own
 * sign-out also clears the refresh cookie and the screen, where a revoke would leave this tab to
 * find out on its next request.
 */
export function DeviceItem({ session, onRevoke }: DeviceItemProps) {
  const t = useCaptions();
  const queryClient = useQueryClient();
  const { browser, system } = describeUserAgent(session.userAgent);
  const name = t(profileDeviceLabels.browserOnSystem, {
    browser: browser ?? t(profileDeviceLabels.unknownBrowser),
    system: system ?? t(profileDeviceLabels.unknownSystem),
  });
  const nameId = `device-${session.ID}`;
  const isMobile = system !== null && MOBILE_SYSTEMS.has(system);

  return (
    <li
      className={`${classes.device} ${session.isCurrent ? classes.deviceCurrent : ''}`}
      aria-labelledby={nameId}
      data-current={session.isCurrent || undefined}
    >
      <Icon name={isMobile ? 'device-mobile' : 'device-desktop'} size={24} className={classes.deviceIcon} />
      <div>
        <h3 id={nameId} className={classes.deviceName}>
          {name}
          {session.isCurrent && (
            <Badge variant="filled" color="steel" size="sm">
              {t(profileDeviceLabels.thisDevice)}
            </Badge>
          )}
        </h3>
        <dl className={classes.deviceFacts}>
          <dt>{t(profileDeviceLabels.ip)}</dt>
          <dd>{session.ip ?? t(profileDeviceLabels.unknownIp)}</dd>
          <dt>{t(profileDeviceLabels.signedIn)}</dt>
          <dd>
            <time dateTime={session.signedInAt}>{formatWhen(session.signedInAt)}</time>
          </dd>
          <dt>{t(profileDeviceLabels.lastUsed)}</dt>
          <dd>
            <time dateTime={session.lastUsedAt}>{formatWhen(session.lastUsedAt)}</time>
          </dd>
        </dl>
      </div>
      <div className={classes.deviceAction}>
        {session.isCurrent ? (
          <Button
            variant="default"
            leftSection={<Icon name="logout" size={18} />}
            title={t(profileDeviceLabels.signOutHint)}
            onClick={() => void signOut(queryClient)}
          >
            {t(profileButtons.signOut)}
          </Button>
        ) : (
          <Button
            variant="outline"
            color="red.8"
            aria-label={t(profileButtons['revoke::device'], { device: name })}
            onClick={() => onRevoke(name)}
          >
            {t(profileButtons.revoke)}
          </Button>
        )}
      </div>
    </li>
  );
}
