import type { MyWork } from '@hasp/contracts';

/**
 * Whether `/` lands on "My work today": something of the reader's is on it (a permit held, a crew, a
 * lock on) or they approve or issue (their worklists are there, even when empty: that is their job).
 */
export function landsOnMyWork(work: Pick<MyWork, 'items' | 'worklists'> | undefined): boolean {
  return !!work && (work.items.length > 0 || work.worklists.length > 0);
}
