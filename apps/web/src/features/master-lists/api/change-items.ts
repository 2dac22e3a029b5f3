import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  managedMasterListItemSchema,
  type ManagedMasterListItem,
  type MasterListItemCreate,
  type MasterListKey,
} from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { reloadCaptions } from '../../../lib/i18n';
import { sharedQueryRoots } from '../../../lib/query-keys';
import { sendChange } from './send-change';
import { masterListKeys } from './keys';

const itemsSchema = z.array(managedMasterListItemSchema);
const noContent = z.unknown();

type ItemChange =
  | { kind: 'create'; input: MasterListItemCreate }
  | { kind: 'caption'; item: ManagedMasterListItem; caption: string }
  | { kind: 'active'; item: ManagedMasterListItem; isActive: boolean }
  | { kind: 'delete'; item: ManagedMasterListItem };

/** Sends a change as the server's command; the key makes a resend of the same change apply once. */
function send(listKey: MasterListKey, change: ItemChange, key: string): Promise<unknown> {
  const base = `master-lists/${listKey}/items`;
  const headers = { 'idempotency-key': key };
  switch (change.kind) {
    case 'create':
      return sendChange(base, { method: 'POST', body: change.input, headers, schema: managedMasterListItemSchema });
    case 'caption':
      return sendChange(`${base}/${change.item.ID}/caption`, {
        method: 'PUT',
        body: { caption: change.caption, version: change.item.version },
        headers,
        schema: managedMasterListItemSchema,
      });
    case 'active':
      return sendChange(`${base}/${change.item.ID}/active`, {
        method: 'PUT',
        body: { isActive: change.isActive, version: change.item.version },
        headers,
        schema: managedMasterListItemSchema,
      });
    case 'delete':
      return sendChange(`${base}/${change.item.ID}`, { method: 'DELETE', headers, schema: noContent });
  }
}

/**
 * Adds, renames, (de)activates or deletes an item of a list; then the list, the counts, the
 * pickers (Component Manage) and the captions (a new or renamed item's text) are fetched again.
 */
export function useChangeItem(listKey: MasterListKey) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (change: ItemChange) => send(listKey, change, key.keyFor({ listKey, change })),
    onSuccess: () => key.done(),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: masterListKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedQueryRoots.componentManage }),
        reloadCaptions().catch(() => undefined),
      ]);
    },
  });
}

/** Saves a new order (every item's ID, first to last); the screen shows it at once and rolls back on a refusal. */
export function useReorderItems(listKey: MasterListKey) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (itemIds: number[]) =>
      sendChange(`master-lists/${listKey}/order`, {
        method: 'PUT',
        body: { itemIds },
        headers: { 'idempotency-key': key.keyFor({ listKey, itemIds }) },
        schema: itemsSchema,
      }),
    onMutate: async (itemIds) => {
      const key = masterListKeys.items(listKey);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ManagedMasterListItem[]>(key);
      if (previous) {
        const byId = new Map(previous.map((item) => [item.ID, item]));
        const next = itemIds.map((id) => byId.get(id)).filter((item) => item !== undefined);
        if (next.length === previous.length) queryClient.setQueryData(key, next);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(masterListKeys.items(listKey), context.previous);
    },
    onSuccess: (items) => {
      key.done();
      queryClient.setQueryData(masterListKeys.items(listKey), items);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.componentManage }),
  });
}
