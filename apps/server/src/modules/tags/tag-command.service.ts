import {
  permitPermission,
  tagCommands,
  tagPersonRefusal,
  tagRefusal,
  tagTransitions,
  type Tag,
  type TagCommand,
  type TagCommandInput,
} from '@hasp/contracts';
import type { Database, TagNoteRow } from '../../db/schema';
import { sql, type UpdateObject } from 'kysely';
import { AppError } from '../../plugins/app-error';
import {
  actorPermissions,
  defineCommand,
  type CommandDefinition,
  type CommandRun,
  type CommandTarget,
  type PolicyRule,
} from '../../platform';
import { planTag } from './plan-tag';
import { listTagPrintRows, printedFacts, tagPrintStamp } from './tag-print.repository';
import { recordTagChange } from './tag-records';
import { listTags } from './tag-view';
import {
  findTagPermitId,
  lockPermitForTags,
  lockTag,
  lockTagForRules,
  newStatusToken,
  updateTag,
  type TagPermitRow,
  type TagRow,
} from './tags.repository';

/**
 * A tag command's input: the body, and the permit of the route's path (the tag must be on it).
 * `stamp` (mark-printed from the print list): what the tag's PDF was drawn from.
 */
export type TagCommandBody = TagCommandInput & { permitId: number; stamp?: string };

export interface TagState {
  version: number;
  tag: TagRow;
  /** On a personal lock still on: who applied the lock (the tag rules' lockApplierId). */
  lockApplierId: number | null;
  /** The tag's permit: its type and the people the tag rules name (issuer, holder). */
  permit: TagPermitRow;
  /** The actor's, read in the command's transaction after the locks (who may give which verb). */
  permissions: ReadonlySet<string>;
  /** mark-printed: what the tag prints as now (its stamp) and the facts the paper shows. */
  print?: { stamp: string; facts: ReturnType<typeof printedFacts> };
}

/**
 * A tag of the actor's facility, locked in the LOTO order: its permit row first (FOR UPDATE), then
 * the tag. Another facility's tag is "not found".
 */
export const tagTarget: CommandTarget<TagState> = {
  noun: 'Tag',
  staleMessage: 'Someone changed this tag first. Reload the permit and try again.',
  async lock(trx, actor, id) {
    const permitId = await findTagPermitId(trx, actor.facilityId, id);
    if (permitId === undefined) return undefined;
    const permit = await lockPermitForTags(trx, actor.facilityId, permitId);
    const locked = permit && (await lockTagForRules(trx, actor.facilityId, id));
    if (!permit || !locked) return undefined;
    const permissions = await actorPermissions(trx, actor);
    return { version: locked.tag.version, ...locked, permit, permissions };
  },
  // The use case's one update moved the tag on by one version (updateTag).
  bump: async (_trx, _id, state) => state.version + 1,
};

/**
 * mark-printed's target: the tag locked as above (its permit row too, so a hand-over waits), and
 * what it prints as now, read in the same transaction.
 */
const printTarget: CommandTarget<TagState> = {
  ...tagTarget,
  async lock(trx, actor, id, ctx, input) {
    const state = await tagTarget.lock(trx, actor, id, ctx, input);
    if (!state) return undefined;
    const [row] = await listTagPrintRows(trx, actor.facilityId, [id]);
    return { ...state, print: { stamp: tagPrintStamp(row!), facts: printedFacts(row!) } };
  },
};

/** The paper shows an older tag than the one the command would record: print it again. */
const changedSincePrinted = () =>
  new AppError(
    'CONFLICT',
    409,
    'This tag changed after its PDF was made: the paper shows the older tag. Print it again.',
  );

/**
 * Who may give a tag command, by verb (contracts' tagCommandRoles): viewing the permit's type and
 * being one of the verb's people — the tag's applier, the permit's issuer or holder, the type's
 * isolating authority (permit:issue:<CODE>), for mark-printed the print list's people. The tag's
 * state answers first (409: the page is stale, whoever asks); then who asks (403). The permit's
 * people and the permissions are read after the locks, so a hand-over or a revoked grant counts.
 */
const tagPolicy = (command: TagCommand): PolicyRule<TagState, TagCommandBody> => ({
  // In the rule: some verbs need one of several permissions or a relationship instead.
  permissions: [],
  refuse: (state, actor, input) => {
    // The tag of another permit than the path's: as if it were not there.
    if (state.tag.permitId !== input.permitId) return AppError.notFound('Tag');
    // Someone who may not see the permit learns nothing of its tags' states.
    if (!state.permissions.has(permitPermission('view', state.permit.typeCode)))
      return new AppError('FORBIDDEN', 403, 'You do not have permission to do this');
    const facts = {
      state: state.tag.state,
      appliedBy: state.tag.appliedBy,
      linkRevoked: state.tag.statusTokenRevokedAt !== null,
      lockApplierId: state.lockApplierId,
      permitClosed: state.permit.status === 'closed',
    };
    const who = { userId: actor.system ? null : actor.userId, permissions: state.permissions };
    const reason = tagRefusal(facts, who.userId, command);
    if (reason) {
      return command === 'remove' && tagTransitions.remove!.from.includes(state.tag.state)
        ? new AppError('FORBIDDEN', 403, reason)
        : new AppError('CONFLICT', 409, reason);
    }
    const notYours = tagPersonRefusal(facts, state.permit, who, command);
    if (notYours) return new AppError('FORBIDDEN', 403, notYours);
    // With the print list's stamp, only the tag its PDF was drawn from is recorded as printed.
    if (input.stamp !== undefined && input.stamp !== state.print?.stamp) return changedSincePrinted();
    return null;
  },
});

async function applyTagCommand(
  command: TagCommand,
  { trx, ctx, input, state, ...run }: CommandRun<TagCommandBody, TagState>,
): Promise<Tag> {
  const { facilityId, userId } = ctx.actor;
  const before = state.tag;
  const at = ctx.now;
  const change: UpdateObject<Database, 'tags'> = {};
  const transition = tagTransitions[command];
  if (transition) change.state = transition.to;
  let replacement: { id: number; number: string } | null = null;
  switch (command) {
    case 'mark-printed':
      change.printed_at = at;
      break;
    case 'apply':
      Object.assign(change, { applied_at: at, applied_by: userId });
      break;
    case 'verify':
      Object.assign(change, { verified_at: at, verified_by: userId });
      break;
    case 'remove':
      Object.assign(change, { removed_at: at, removed_by: userId });
      break;
    case 'void':
      Object.assign(change, { voided_at: at, voided_by: userId, void_reason: input.reason! });
      break;
    case 'report-missing': {
      Object.assign(change, { missing_at: at, missing_by: userId });
      // The point stays tagged: a new tag with its own number, linked to the one that went missing.
      const place =
        before.planPointId !== null
          ? { planPointId: before.planPointId }
          : { lockApplicationId: before.lockApplicationId! };
      replacement = await planTag(trx, {
        facilityId,
        permitId: before.permitId,
        ...place,
        legendItemId: before.legendItemId,
        reason: before.reason,
        userId,
        at,
        replacesTagId: before.id,
      });
      break;
    }
    case 'revoke-link':
      change.status_token_revoked_at = at;
      break;
    case 'renew-link':
      Object.assign(change, { status_token: newStatusToken(), status_token_revoked_at: null });
      break;
    case 'note':
      change.notes = sql<
        TagNoteRow[]
      >`notes || ${JSON.stringify([{ text: input.note!, byId: userId, at: at.toISOString() }])}::jsonb`;
      break;
  }
  await updateTag(trx, before.id, change);
  const after = (await lockTag(trx, facilityId, before.id))!;
  recordTagChange(run, {
    command,
    before,
    after,
    actorId: userId,
    // A note's text is the audit row's reason: the trail keeps what was written and by whom.
    reason: input.reason ?? input.note ?? null,
    replacement,
    // What the paper shows: the record of a print is what was printed.
    printed: command === 'mark-printed' ? state.print : undefined,
  });
  const [tag] = await listTags(trx, facilityId, before.permitId, { userId, permissions: state.permissions }, before.id);
  return tag!;
}

/** One command per verb (`tag.<verb>`). */
export const tagCommandDefinitions = Object.fromEntries(
  tagCommands.map((command) => [
    command,
    defineCommand<TagCommandBody, TagState, Tag>({
      name: `tag.${command}`,
      target: command === 'mark-printed' ? printTarget : tagTarget,
      policy: tagPolicy(command),
      apply: (run) => applyTagCommand(command, run),
    }),
  ]),
) as Record<TagCommand, CommandDefinition<TagCommandBody, TagState, Tag>>;
