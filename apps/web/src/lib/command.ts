import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { commandPath, type CommandRoute } from '@hasp/contracts';
import { useActionKey } from './action-key';
import { apiRequest } from './http';

/** One command as a screen gives it: the declared route, the record it names, and what it sends. */
export interface CommandCall {
  route: CommandRoute;
  /** The record the route's URL names (the permit, for every permit section). */
  urlId: number;
  body?: unknown;
  /** The version the user saw, sent as If-Match: a newer one on the server answers 409. */
  version?: number | null;
  /**
   * A key the screen holds itself, when its action outlives the hook (a dialog's, a form kept open
   * across tries, a signature sealed for it); otherwise one key per user action is made here.
   */
  idempotencyKey?: string;
}

export interface UseCommandOptions<T, V> {
  /** The call for the mutation's variables. */
  call(variables: V): CommandCall;
  /** The answer's schema (what the command returns). */
  schema: z.ZodMiniType<T>;
  /** Refusals the screen explains in place (no toast on top). */
  quiet?: (error: unknown) => boolean;
  onSuccess?(answer: T, variables: V): void;
  onError?(error: Error, variables: V): void;
  onSettled?(): void;
}

/** Sends one command by its declared route (the same URL the server registered from the declaration). */
function sendCommand<T>(
  call: CommandCall & { idempotencyKey: string },
  schema: z.ZodMiniType<T>,
  quiet?: (error: unknown) => boolean,
): Promise<T> {
  return apiRequest(commandPath(call.route, call.urlId), {
    method: 'POST',
    body: call.body ?? {},
    headers: {
      'idempotency-key': call.idempotencyKey,
      ...(call.version !== undefined && call.version !== null ? { 'if-match': `"${call.version}"` } : {}),
    },
    schema,
    ...(quiet ? { quiet } : {}),
  });
}

/**
 * The one way a screen gives a command: its declared route (contracts), the record's version as
 * If-Match, and one idempotency key per user action. Pressing again after a lost answer or a
 * refusal sends the same command with the same key, so a command that did reach the server
 * applies once; a changed body, or the next action after one that succeeded, gets a new key.
 */
export function useCommand<T, V>(options: UseCommandOptions<T, V>) {
  const key = useActionKey();
  return useMutation({
    mutationFn: (variables: V) => {
      const call = options.call(variables);
      const idempotencyKey =
        call.idempotencyKey ??
        key.keyFor({ name: call.route.name, urlId: call.urlId, body: call.body, version: call.version });
      return sendCommand({ ...call, idempotencyKey }, options.schema, options.quiet);
    },
    onSuccess: (answer: T, variables: V) => {
      key.done();
      options.onSuccess?.(answer, variables);
    },
    onError: (error: Error, variables: V) => options.onError?.(error, variables),
    onSettled: () => options.onSettled?.(),
  });
}
