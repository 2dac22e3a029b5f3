import { useSyncExternalStore } from 'react';
import { permitPermission, type OfflineScope } from '@hasp/contracts';
import type { Owner } from '../../../offline-db';
import { scopeChoiceKeyOf } from './store-download';
import { takePermitsOffline } from './take-offline';

/** Whether a download runs now, and how the last one ended (this page load). */
export interface TakeOfflineStatus {
  running: boolean;
  /** The type codes that failed last time (empty: all stored). */
  failed: string[];
}

let status: TakeOfflineStatus = { running: false, failed: [] };
const listeners = new Set<() => void>();
const setStatus = (next: TakeOfflineStatus) => {
  status = next;
  for (const listener of listeners) listener();
};
let running: Promise<void> | null = null;
/** Owners already taken offline automatically in this page load (once per sign-in, not per render). */
const automatic = new Set<string>();

/** The types a user may take offline: offline-enabled and viewable (`permit:view:<CODE>`). */
export function typesToTake(offlineTypes: readonly string[], permissions: readonly string[]): string[] {
  const held = new Set(permissions);
  return offlineTypes.filter((code) => held.has(permitPermission('view', code)));
}

/** Takes the types offline now (the refresh button); one download at a time. */
export function takeOfflineNow(owner: Owner, types: readonly string[]): Promise<void> {
  running ??= (async () => {
    setStatus({ running: true, failed: status.failed });
    try {
      await takePermitsOffline(owner, types);
      setStatus({ running: false, failed: [] });
    } catch (error) {
      const failed = error instanceof Error && 'failed' in error ? (error.failed as string[]) : [...types];
      setStatus({ running: false, failed });
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * The user chose what this device keeps: saved, then taken offline again with it (after a download
 * already running, which used the choice before).
 */
export async function chooseOfflineScope(owner: Owner, scope: OfflineScope, types: readonly string[]): Promise<void> {
  const { browserDatabase } = await import('../../../offline-db');
  await browserDatabase().meta.put({ key: scopeChoiceKeyOf(owner), value: scope });
  if (running) await running;
  await takeOfflineNow(owner, types);
}

/** Right after sign-in (once per owner and page load): take the user's permits offline. */
export function takeOfflineOnce(owner: Owner, types: readonly string[]): void {
  const key = `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}`;
  if (automatic.has(key)) return;
  automatic.add(key);
  void takeOfflineNow(owner, types);
}

export function useTakeOfflineStatus(): TakeOfflineStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}
