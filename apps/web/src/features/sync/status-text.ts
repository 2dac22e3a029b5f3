import { syncLabels } from '@hasp/contracts';
import type { Translate } from '../../lib/i18n';
import type { SyncSnapshot } from './sync-state';

export type SyncTone = 'synced' | 'busy' | 'waiting' | 'attention';

/**
 * The one line the top bar shows: progress while pushing, else what waits, else what needs the
 * user, else "All changes synced". Null until the outbox has been read (nothing is claimed before).
 */
export function syncStatusOf(
  state: SyncSnapshot,
  t: Translate,
): { tone: SyncTone; text: string; count: number } | null {
  if (!state.loaded || state.progress.phase === 'signed-out') return null;
  const attention = state.conflicts + state.rejected;
  const { phase, done, total, retryAt } = state.progress;
  if (phase === 'syncing') return { tone: 'busy', text: t(syncLabels.syncing, { done, total }), count: total - done };
  if (state.pending > 0) {
    if (phase === 'retrying' && retryAt !== null) {
      const time = new Date(retryAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
      return { tone: 'waiting', text: t(syncLabels.retrying, { time }), count: state.pending };
    }
    const text = state.pending === 1 ? t(syncLabels.waitingOne) : t(syncLabels.waitingMany, { count: state.pending });
    return { tone: 'waiting', text, count: state.pending };
  }
  if (attention > 0) {
    const text = attention === 1 ? t(syncLabels.attentionOne) : t(syncLabels.attentionMany, { count: attention });
    return { tone: 'attention', text, count: attention };
  }
  return { tone: 'synced', text: t(syncLabels.allSynced), count: 0 };
}
