import { Tooltip } from '@mantine/core';
import { Icon } from '../../components/Icon';
import { networkState, useNetwork } from '../../lib/network-state';
import classes from './TopBar.module.css';

/**
 * The go-offline / go-online toggle. Going online is impossible while the browser itself has no
 * network: the button then says why instead of doing nothing.
 */
export function OfflineToggle({ compact }: { compact: boolean }) {
  const { networkOnline, browserOnline } = useNetwork();
  const label = networkOnline ? 'Go offline' : 'Go online';
  const blocked = !networkOnline && !browserOnline;
  const hint = blocked
    ? 'No network connection: the device is offline'
    : networkOnline
      ? 'Work offline: permits are kept on this device'
      : 'Reconnect to the server';
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
