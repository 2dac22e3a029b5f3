import {
  isSignedPermitCommand,
  permitCommands,
  type Permit,
  type PermitCommand,
  type PermitEdit,
  type PermitStatus,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { checkPermitCore, holderRefusal } from './permit-core';
import { runPermitCommandChecks } from './permit-command-checks';
import { permitFactsAfter } from './permit-guards';
import { completeHandover, recordHandover, type HandoverNotes } from './permit-handover';
import { checkedRejectionReason, rejectionWords, returnCleared, returnedChange } from './permit-return';
import { invalidateChangedSignatures, signPermitCommand } from './permit-signing';
import {
  addApproval,
  clearApprovals,
  mayHoldPermit,
  replacePermitAssets,
  updatePermit,
  type PermitChange,
  type PermitRecord,
} from './permit.repository';
import type { PermitCommandBody } from './permit-command-body';
import { permitView, storedPermit } from './permit-view';
import { decidePermit, permitLifecyclePolicy, permitTarget, type PermitState } from './permits.policy';

/**
 * The domain event every applied lifecycle command records, named `permit.<verb>` (notifications
 * and the expiry job's follow-ups listen for these). The people are as they were before the
 * command (who it concerned): after a hand-over `holderId` is the outgoing holder and `newHolderId`
 * the incoming one; after an edit that cleared approvals, `approverIds` are those cleared.
 */
export interface PermitCommandEventPayload {
  [key: string]: unknown;
  permitId: number;
  number: string;
  title: string;
  typeCode: string;
  command: PermitCommand;
  from: PermitStatus;
  to: PermitStatus;
  /** Null when the system gave it (expire). */
  actorId: number | null;
  requesterId: number;
  holderId: number | null;
  issuerId: number | null;
  approverIds: number[];
  newHolderId?: number;
  /** Reject: the reason and note in words ("Wrong permit type — use HOT"), for the requester's notice. */
  details?: string;
}

/**
 * The risk level an edit leaves: for a type with a hazard analysis it is the analysis's (its highest
 * residual risk, set by its commands; decision 0047), so the form's read-only value never overwrites it.
 */
const editedRisk = (before: PermitRecord, input: PermitEdit) =>
  before.permitType.sections.includes('hazard-analysis') ? before.riskLevel : input.riskLevel;

/** A set of asset IDs, comparable as text. */
const assetKey = (ids: number[]) => [...ids].sort((a, b) => a - b).join();

const editedFields = (before: PermitRecord, input: PermitEdit, start: Date, end: Date, assetIds: number[]) =>
  before.title !== input.title ||
  before.description !== input.description ||
  before.workMethod !== input.workMethod ||
  (before.area?.ID ?? null) !== input.areaId ||
  (before.holder?.ID ?? null) !== input.holderId ||
  before.riskLevel !== editedRisk(before, input) ||
  Date.parse(before.plannedStart) !== start.getTime() ||
  Date.parse(before.plannedEnd) !== end.getTime() ||
  assetKey(before.assets.map((a) => a.ID)) !== assetKey(assetIds);

/**
 * The one use case of every lifecycle command: decide on the locked permit (the policy has already
 * refused what the table refuses; deciding again yields the same answer and its effects), apply the
 * new status and the effects, record the audit row and the event, answer the permit as it now is.
 */
async function applyPermitCommand(
  command: PermitCommand,
  { trx, ctx, input, state, ...run }: CommandRun<PermitCommandBody, PermitState>,
): Promise<Permit> {
  const decision = decidePermit(state, ctx.actor, command, input);
  if (!decision.ok) throw new Error(`permit.${command}: the policy let a refused command through`);
  const { facilityId } = ctx.actor;
  const before = state.record;
  const id = before.ID;
  const { effects } = decision;
  const change: PermitChange = { status: decision.to, updated_at: ctx.now };

  if (command === 'edit') {
    const edit = input as PermitEdit;
    const core = await checkPermitCore(trx, facilityId, edit, {
      code: before.permitType.code,
      maxValidityHours: before.maxValidityHours,
    });
    if (decision.from === decision.to && !editedFields(before, edit, core.start, core.end, core.assetIds)) {
      // Saving an unchanged form changes nothing: no new version, no audit row.
      run.unchanged();
      return permitView(
        before,
        { userId: ctx.actor.userId, permissions: state.permissions, now: ctx.now },
        state.facts,
      );
    }
    Object.assign(change, {
      title: edit.title,
      description: edit.description,
      work_method: edit.workMethod,
      area_id: edit.areaId,
      planned_start: core.start,
      planned_end: core.end,
      holder_id: edit.holderId,
      risk_level: editedRisk(before, edit),
    });
    // The link rows are rewritten only when the set changed (a save of the same assets writes none).
    if (assetKey(before.assets.map((a) => a.ID)) !== assetKey(core.assetIds))
      await replacePermitAssets(trx, facilityId, id, core.assetIds);
    // An edit after approval is a new revision: what was approved is no longer what is asked for.
    if (effects.clearsApprovals) change.revision = before.revision + 1;
  }
  // Other modules' checks of this command (SIMOPS conflicts), before anything is signed or moved.
  await runPermitCommandChecks(command, { trx, ctx, input, state, ...run });
  // Approving, issuing, accepting, handing over and completing work are signed: the password again,
  // then the signature (modules/signatures), before the permit moves.
  if (isSignedPermitCommand(command)) await signPermitCommand({ trx, ctx, input, state, ...run }, command);
  // Returned for rework: the reason is checked against the facility's list, the permit keeps the
  // facts until requested again, and a new revision makes every signature so far invalid (kept, not deleted).
  let returnedWords: string | undefined;
  if (effects.returnsForRework) {
    const { reasonId, note } = effects.returnsForRework;
    const reason = await checkedRejectionReason(trx, facilityId, { reasonId, note });
    Object.assign(change, returnedChange(ctx.actor.userId, ctx.now, reason, note));
    change.revision = before.revision + 1;
    returnedWords = rejectionWords(reason, note);
  }
  if (command === 'request') Object.assign(change, returnCleared);
  if (effects.clearsApprovals) await clearApprovals(trx, id, ctx.now);
  if (effects.addsApprover !== undefined) await addApproval(trx, facilityId, id, effects.addsApprover, ctx.now);
  if (effects.setsIssuer !== undefined) change.issuer_id = effects.setsIssuer;
  if (effects.setsHolder !== undefined) {
    if (!(await mayHoldPermit(trx, facilityId, effects.setsHolder, before.permitType.code))) {
      throw AppError.validation([
        { field: 'newHolderId', message: holderRefusal(before.permitType.code, 'New holder') },
      ]);
    }
    change.holder_id = effects.setsHolder;
    // Shift change: the outgoing holder's notes wait for the incoming holder's signed acceptance.
    change.pending_handover_id = await recordHandover(trx, before, input as HandoverNotes, {
      userId: ctx.actor.userId,
      at: ctx.now,
    });
  }
  if (command === 'accept' && before.pendingHandover) {
    await completeHandover(trx, before, { userId: ctx.actor.userId, at: ctx.now });
    change.pending_handover_id = null;
  }
  if (effects.extensionCount !== undefined) change.extension_count = effects.extensionCount;
  if (effects.plannedEnd !== undefined) change.planned_end = new Date(effects.plannedEnd);
  if (effects.reason !== undefined) change.status_reason = effects.reason;
  // The reason describes a suspension or a cancellation: it goes once the permit leaves suspension.
  else if (decision.to !== 'suspended' && decision.to !== 'cancelled') change.status_reason = null;
  if (command === 'cancel') {
    // Cancelling voids the permit; nothing is deleted.
    change.voided_at = ctx.now;
    change.void_reason = effects.reason!;
  }
  const after = await updatePermit(trx, facilityId, id, change);
  // What the approvals signed may be what the edit changed: those say so, when and why.
  if (command === 'edit') await invalidateChangedSignatures(trx, after, ctx.now);
  run.audit({
    action: `permit.${command}`,
    entityType: 'permit',
    entityId: id,
    before: storedPermit(before),
    after: storedPermit(after),
    reason: effects.reason ?? returnedWords ?? null,
  });
  const payload: PermitCommandEventPayload = {
    permitId: id,
    number: before.number,
    title: after.title,
    typeCode: before.permitType.code,
    command,
    from: decision.from,
    to: decision.to,
    actorId: ctx.actor.system ? null : ctx.actor.userId,
    requesterId: before.requester.ID,
    holderId: before.holder?.ID ?? null,
    issuerId: before.issuer?.ID ?? null,
    approverIds: before.approvals.map((a) => a.user.ID),
    ...(effects.setsHolder !== undefined ? { newHolderId: effects.setsHolder } : {}),
    ...(returnedWords !== undefined ? { details: returnedWords } : {}),
  };
  run.event({ name: `permit.${command}`, entityType: 'permit', entityId: id, payload });
  // The guard plugins' facts read at the lock stay true unless the permit fields they read changed.
  const facts = await permitFactsAfter(trx, { permit: before, facts: state.facts }, after, ctx.now);
  return permitView(after, { userId: ctx.actor.userId, permissions: state.permissions, now: ctx.now }, facts);
}

/** One command per verb (`permit.<verb>`), all through the same target, policy table and use case. */
export const permitCommandDefinitions = Object.fromEntries(
  permitCommands.map((command) => [
    command,
    defineCommand<PermitCommandBody, PermitState, Permit>({
      name: `permit.${command}`,
      target: permitTarget,
      policy: permitLifecyclePolicy[command],
      // The signing passwords (a signed verb's, a SIMOPS override's) never reach the idempotency table,
      // not even plainly hashed; their keyed hash makes the same key with another password a
      // different request (422), not a replay.
      // A sealed signature counts as one: the database holds the key that opens it.
      fingerprint: ({ password: _password, sealedSignature: _sealed, simopsOverride, ...rest }) =>
        simopsOverride ? { ...rest, simopsOverride: { reason: simopsOverride.reason } } : rest,
      secretFingerprint: ({ password, sealedSignature, simopsOverride }) =>
        password === undefined && sealedSignature === undefined && simopsOverride === undefined
          ? undefined
          : {
              password,
              ...(sealedSignature ? { sealedSignature } : {}),
              ...(simopsOverride ? { overridePassword: simopsOverride.password } : {}),
            },
      apply: (run) => applyPermitCommand(command, run),
    }),
  ]),
) as Record<PermitCommand, CommandDefinition<PermitCommandBody, PermitState, Permit>>;
