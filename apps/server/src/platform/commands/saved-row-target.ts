import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../request-context';
import type { CommandTarget } from './command';

/** A saved row as its save locks it: the row (none until its first save), its version (0 then), and how it was named. */
export interface SavedRowState<R, I> {
  actor: Actor;
  input: I;
  row: R | undefined;
  version: number;
}

/**
 * The target of a save of a row a facility (or a user) keeps at most one of per key — a tag layout,
 * an event's template, a dashboard — which has no ID of its own and no row until its first save.
 * The target ID is the actor's own (their facility's by default; anyone else's is not found); `find`
 * names the row by the actor and the input, locked FOR UPDATE for the save. A row never saved is
 * version 0, and two first saves take turns on the save's upsert conflict. The save moves the
 * version with its upsert; `bump` reads it back.
 * @example savedRowTarget({ staleMessage, find: (trx, actor, input, lock) => findTemplateRow(trx, actor.facilityId, input.event, lock) })
 */
export function savedRowTarget<R extends { version: number }, I>(options: {
  /** The stale 409's message, naming the current version. */
  staleMessage: (current: number) => string;
  /** The ID the actor may name (default: their facility's). */
  ownId?: (actor: Actor) => number;
  find: (trx: Transaction<Database>, actor: Actor, input: I, lock: boolean) => Promise<R | undefined>;
}): CommandTarget<SavedRowState<R, I>, I> {
  const ownId = options.ownId ?? ((actor: Actor) => actor.facilityId);
  return {
    staleMessage: options.staleMessage,
    async lock(trx, actor, id, _ctx, input) {
      // Without the input the row cannot be named (a reader that has only the ID): none is found.
      if (id !== ownId(actor) || input === undefined) return undefined;
      const row = await options.find(trx, actor, input, true);
      return { actor, input, row, version: row?.version ?? 0 };
    },
    bump: async (trx, _id, state) =>
      (await options.find(trx, state.actor, state.input, false))?.version ?? state.version + 1,
  };
}
