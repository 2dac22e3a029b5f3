import { Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { healthSchema, shellServerStatus } from '@hasp/contracts';
import { Icon } from '../../components/Icon';
import { apiRequest } from '../../lib/http';
import { useCaptions } from '../../lib/i18n';
import { useNetwork } from '../../lib/network-state';
import classes from './TopBar.module.css';

/** How often the server-status icon asks the server whether it answers. */
export const SERVER_STATUS_POLL_MS = 30_000;

/** Local-storage key of the setting that shows the icon ('true' shows it). */
export const SHOW_SERVER_STATUS_KEY = 'showServerStatus';

/**
 * Whether the API answers. Quiet: a server that does not answer is exactly what the icon reports,
 * so no error toast. /api/health never answers 401, so the token procedure never runs for it; the
 * request's no-cache makes the browser ask the server every time instead of reusing an answer.
 */
const serverAnswers = (signal: AbortSignal) =>
  apiRequest('health', { schema: healthSchema, signal, headers: { 'cache-control': 'no-cache' }, quiet: () => true });

/** The optional server-status icon in the top bar, polling every 30 s while shown. */
export function ServerStatus() {
  const { networkOnline } = useNetwork();
  const t = useCaptions();
  const health = useQuery({
    queryKey: ['server-health'],
    queryFn: ({ signal }) => serverAnswers(signal),
    enabled: networkOnline,
    refetchInterval: SERVER_STATUS_POLL_MS,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const state = !networkOnline ? 'offline' : health.isPending ? 'checking' : health.isError ? 'down' : 'up';
  const text =
    state === 'up' && health.data
      ? t(shellServerStatus.upVersion, { version: health.data.version })
      : t(shellServerStatus[state]);
  return (
    <Tooltip label={text} withArrow>
      <span className={classes.serverStatus} data-state={state} tabIndex={0}>
        <Icon name="server" size={20} />
        <span className={classes.statusDot} aria-hidden="true" />
        <VisuallyHidden role="status">{text}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
