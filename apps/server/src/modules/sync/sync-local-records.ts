import type { Kysely, Transaction } from 'kysely';
import {
  localIdSchema,
  syncLocalRecords,
  syncLocalRefs,
  type ApiError,
  type SyncCommand,
  type SyncLocalRecordKind,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { findLocalRecord, insertLocalRecord } from './sync.repository';

/**
 * The id of the record a command made, in its answer: the lock application for `lock.apply`; the
 * member's lock application (the crew section's `mySignOn`) for `lockbox.sign-on`; the new test for
 * `gas-test.record`; the question's answer for `permit-questions.answer` and `change-answer`.
 */
function recordIdOf(name: string, result: unknown, input: Record<string, unknown>): unknown {
  // The question's answer now (answering and changing both make a new answer): the section says which.
  if (name === 'permit-questions.answer' || name === 'permit-questions.change-answer') {
    type Stages = {
      stages?: { stage: string; questions: { question: { questionID: number }; answer: { ID: number } | null }[] }[];
    };
    return (result as Stages | null)?.stages
      ?.find((s) => s.stage === input.stage)
      ?.questions.find((q) => q.question.questionID === input.questionId)?.answer?.ID;
  }
  // The section lists every test of the permit: the one this command inserted has the highest id.
  if (name === 'hazard-analysis.add-line') {
    const ids = ((result as { lines?: { ID: number }[] } | null)?.lines ?? []).map((l) => l.ID);
    return ids.length ? Math.max(...ids) : undefined;
  }
  if (name === 'gas-test.record') {
    const ids = ((result as { tests?: { ID: number }[] } | null)?.tests ?? []).map((t) => t.ID);
    return ids.length ? Math.max(...ids) : undefined;
  }
  if (name === 'lockbox.sign-on')
    return (result as { mySignOn?: { applicationId?: unknown } | null } | null)?.mySignOn?.applicationId;
  return (result as { ID?: unknown } | null)?.ID;
}

/** Local id → the server's record id, as one push learns them (a remove right after its apply costs no look-up). */
export type LocalRecordMemo = Map<string, number>;

const kindWords: Record<SyncLocalRecordKind, string> = {
  'lock-application': 'lock',
  'gas-test': 'gas test',
  'question-answer': 'answer',
  'hazard-line': 'hazard analysis line',
};

export type LocalRecordInput =
  | {
      ok: true;
      /** The input as the REST route takes it: `localId` out, local references replaced by server ids. */
      input: unknown;
      /** Maps the command's new record (if it makes one from a local id) in the applying transaction. */
      record(trx: Transaction<Database>, userId: number, result: unknown): Promise<void>;
    }
  | { ok: false; error: ApiError };

/**
 * Records a device made offline and named `local:<uuid>` before the server had ids for them
 * (decision 0064; permits have their own mapping, `sync_local_ids`). A command that makes one
 * (contracts `syncLocalRecords`: `lock.apply`) carries the local id in its input's `localId`; a later
 * command naming it (`syncLocalRefs`: `lock.remove`'s `applicationId`) gets the server's id in its
 * place. A reference never mapped (its apply was rejected, or never sent) refuses the command, with why.
 */
export async function withLocalRecords(
  db: Kysely<Database>,
  facilityId: number,
  c: SyncCommand,
  memo: LocalRecordMemo,
): Promise<LocalRecordInput> {
  const creates = (syncLocalRecords as Partial<Record<string, SyncLocalRecordKind>>)[c.name];
  const refs = (syncLocalRefs as Partial<Record<string, Record<string, SyncLocalRecordKind>>>)[c.name];
  const noRecord = async () => {};
  if (!creates && !refs) return { ok: true, input: c.input, record: noRecord };
  if (typeof c.input !== 'object' || c.input === null || Array.isArray(c.input))
    return { ok: true, input: c.input, record: noRecord };
  const input: Record<string, unknown> = { ...(c.input as Record<string, unknown>) };

  let localId: string | null = null;
  if (creates && 'localId' in input) {
    const parsed = localIdSchema.safeParse(input.localId);
    if (!parsed.success)
      return {
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'localId: a local id (local:<uuid>)',
          details: [{ field: 'localId', message: 'a local id: local:<uuid>' }],
        },
      };
    localId = parsed.data;
    delete input.localId;
  }

  const mapped = async (value: unknown, field: string, kind: SyncLocalRecordKind) => {
    if (typeof value !== 'string' || !localIdSchema.safeParse(value).success) return { ok: true as const, value };
    const id = memo.get(value) ?? (await findLocalRecord(db, facilityId, value, kind));
    if (id === undefined)
      return {
        ok: false as const,
        error: {
          code: 'NOT_FOUND' as const,
          message: `The ${kindWords[kind]} this change names was never recorded on the server (applying it offline was not accepted).`,
          details: [{ field, message: 'Not recorded on the server' }],
        },
      };
    memo.set(value, id);
    return { ok: true as const, value: id };
  };
  for (const [field, kind] of Object.entries(refs ?? {})) {
    const value = input[field];
    // A list of ids (a reorder) maps each local one in it.
    const values = Array.isArray(value) ? value : [value];
    const out: unknown[] = [];
    for (const v of values) {
      const one = await mapped(v, field, kind);
      if (!one.ok) return { ok: false, error: one.error };
      out.push(one.value);
    }
    input[field] = Array.isArray(value) ? out : out[0];
  }

  return {
    ok: true,
    input,
    async record(trx, userId, result) {
      if (!creates || !localId) return;
      const recordId = recordIdOf(c.name, result, input);
      if (typeof recordId !== 'number') return;
      // Not in the memo yet: the transaction may still roll back (the next look-up reads the table).
      await insertLocalRecord(trx, { facilityId, localId, kind: creates, userId, recordId });
    },
  };
}
