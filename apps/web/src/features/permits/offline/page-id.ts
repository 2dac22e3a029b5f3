import { localAlias } from '../../../lib/offline-apply';

/**
 * The permit page's id from its URL: `/Permit/Edit/42` is the server's permit 42;
 * `/Permit/Edit/local:<uuid>` a permit made on this device (its negative page id).
 */
export function permitPageId(param: string): number {
  const local = /^local:([0-9a-f-]{36})$/.exec(param);
  return local ? localAlias(local[1]!) : Number(param);
}
