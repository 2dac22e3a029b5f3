import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lockListSchema,
  lockOptionsSchema,
  lockSchema,
  type Lock,
  type LockInput,
  type LockLabelQuery,
  type LockListQuery,
  type LockStatusCommand,
} from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-file';
import { refusedFieldsOf, statusIn } from '../../../lib/send-form';

export const lockKeys = {
  all: ['locks'] as const,
  list: (query: LockListQuery) => [...lockKeys.all, 'list', query] as const,
  options: () => [...lockKeys.all, 'options'] as const,
};

/** The facility's locks for the filters; the previous list stays on screen while the next loads. */
export function useLocks(query: LockListQuery) {
  return useQuery({
    queryKey: lockKeys.list(query),
    queryFn: ({ signal }) => apiRequest('locks', { query, schema: lockListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The form's choices: lock colours and the facility's people. */
export function useLockOptions() {
  return useQuery({
    queryKey: lockKeys.options(),
    queryFn: ({ signal }) => apiRequest('locks/options', { schema: lockOptionsSchema, signal }),
    staleTime: 60_000,
  });
}

/** Refusals the dialog explains itself (a field, a status, a stale version): no toast. */
const explainedHere = (error: unknown) =>
  statusIn(403, 409, 422)(error) || Object.keys(refusedFieldsOf(error)).length > 0;

/** Registers a lock (no ID) or edits one (If-Match: the version shown). */
export function useSaveLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lock, input, key }: { lock: Lock | null; input: LockInput; key: string }) =>
      apiRequest(lock ? `locks/${lock.ID}` : 'locks', {
        method: lock ? 'PUT' : 'POST',
        body: input,
        headers: { 'idempotency-key': key, ...(lock ? { 'if-match': `"${lock.version}"` } : {}) },
        schema: lockSchema,
        quiet: explainedHere,
      }),
    // Refused or not, the list may be out of date (a stale version, a lock now in use): read it again.
    onSettled: () => client.invalidateQueries({ queryKey: lockKeys.all }),
  });
}

/** Gives a status command (issue, return, report lost, found, retire). */
export function useLockCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lock, verb, body, key }: { lock: Lock; verb: LockStatusCommand; body: object; key: string }) =>
      apiRequest(`locks/${lock.ID}/commands/${verb}`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key, 'if-match': `"${lock.version}"` },
        schema: lockSchema,
        quiet: explainedHere,
      }),
    // Refused or not, the list may be out of date (a stale version, a lock now in use): read it again.
    onSettled: () => client.invalidateQueries({ queryKey: lockKeys.all }),
  });
}

/**
 * Releases a pool lock from the permit it is assigned to (`lock.unassign`, the permit's command:
 * whoever may issue permits of its type; anyone else's refusal is toasted in their words).
 */
export function useReleaseLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lock: Lock) =>
      apiRequest(`permits/${lock.assignedPermit!.ID}/locks/commands/unassign`, {
        method: 'POST',
        body: { lockId: lock.ID },
        headers: { 'idempotency-key': crypto.randomUUID() },
        schema: lockSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: lockKeys.all }),
  });
}

/** The QR labels the lock picker scans, as a PDF download: the listed locks' (same filters) or one lock's. */
export function usePrintLockLabels() {
  return useMutation({
    mutationFn: async (query: LockLabelQuery) => {
      // A POST: the server records the labels it draws printed (the print list's lock labels).
      const pdf = await apiRequest('locks/labels', {
        method: 'POST',
        query,
        read: 'blob',
        headers: { accept: 'application/pdf' },
      });
      saveBlob(pdf, 'lock-labels.pdf');
    },
  });
}
