import { lazy, Suspense, useEffect, useState } from 'react';
import { Drawer } from '@mantine/core';
import { syncLabels } from '@hasp/contracts';
import { ContentLoader } from '../../../components/ContentLoader';
import { Icon } from '../../../components/Icon';
import { afterFirstPage } from '../../../lib/first-page';
import { useCaptions } from '../../../lib/i18n';
import { syncStatusOf, type SyncTone } from '../status-text';
import { startSync, useSyncState } from '../sync-state';
import classes from './SyncStatus.module.css';

const SyncPanel = lazy(async () => ({ default: (await import('./SyncPanel')).SyncPanel }));

const icons: Record<SyncTone, 'checks' | 'server' | 'cloud-off' | 'alert-triangle'> = {
  synced: 'checks',
  busy: 'server',
  waiting: 'cloud-off',
  attention: 'alert-triangle',
};

/**
 * The sync status for the top bar ("Syncing 3 of 20…", "All changes synced", "2 changes need
 * attention"); it starts this tab's pusher, and opens the offline-changes panel. On a phone
 * (`compact`) only the icon and a count show; the words stay the button's name. `hideWhenSynced`:
 * facilities without offline mode see it only when something waits or needs attention.
 */
export function SyncStatus({ compact, hideWhenSynced = false }: { compact: boolean; hideWhenSynced?: boolean }) {
  const t = useCaptions();
  const state = useSyncState();
  const [open, setOpen] = useState(false);
  // The pusher brings the browser database (Dexie) with it: it starts once the first page is drawn.
  useEffect(() => {
    void afterFirstPage().then(startSync);
  }, []);
  const status = syncStatusOf(state, t);
  if (!status || (hideWhenSynced && status.tone === 'synced')) return null;
  return (
    <>
      <button
        type="button"
        className={classes.button}
        data-tone={status.tone}
        data-compact={compact || undefined}
        data-testid="sync-status"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon name={icons[status.tone]} size={18} className={classes.icon} />
        <span className={compact ? classes.visuallyHidden : undefined} aria-live="polite">
          {status.text}
        </span>
        {compact && status.count > 0 && (
          <span className={classes.count} aria-hidden>
            {status.count > 99 ? '99+' : status.count}
          </span>
        )}
      </button>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="right"
        size={compact ? '100%' : 'lg'}
        title={t(syncLabels.panelTitle)}
        closeButtonProps={{ 'aria-label': t(syncLabels.close) }}
      >
        {open && (
          <Suspense fallback={<ContentLoader />}>
            <SyncPanel />
          </Suspense>
        )}
      </Drawer>
    </>
  );
}
