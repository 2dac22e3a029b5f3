import { Tooltip } from '@mantine/core';
import { shellOffline } from '@hasp/contracts';
import { Icon } from '../../components/Icon';
import { useCaptions } from '../../lib/i18n';
import { networkState, useNetwork } from '../../lib/network-state';
import classes from './TopBar.module.css';

/**
 * The go-offline / go-online toggle. Going online is impossible while the browser itself has no
 * network: the button then says why instead of doing nothing.
 */
export function OfflineToggle({ compact }: { compact: boolean }) {
  const { networkOnline, browserOnline } = useNetwork();
  const t = useCaptions();
  const label = t(networkOnline ? shellOffline.goOffline : shellOffline.goOnline);
  const blocked = !networkOnline && !browserOnline;
  const hint = t(blocked ? shellOffline.noNetwork : networkOnline ? shellOffline.workOffline : shellOffline.reconnect);
  return (
    <Tooltip label={hint} withArrow>
      <button
        type="button"
        className={classes.headerButton}
        data-compact={compact || undefined}
        aria-disabled={blocked || undefined}
        aria-label={compact ? label : undefined}
        onClick={() => {
          if (!blocked) networkState.setUserOffline(networkOnline);
        }}
      >
        <Icon name={networkOnline ? 'cloud-off' : 'wifi'} size={18} />
        {!compact && <span>{label}</span>}
      </button>
    </Tooltip>
  );
}
