import {
  allowedTagCommands,
  tagCommandInputSchemas,
  tagFactsOf,
  tagLockAppliers,
  tagPersonRefusal,
  tagRefusal,
  tagTransitions,
  type IsolationPlan,
  type LockboxView,
  type OfflinePermit,
  type Tag,
  type TagCommand,
} from '@hasp/contracts';
import {
  finishPlan,
  isOfflineCommand,
  refuse,
  type LocalActor,
  type LocalOutcome,
  type OfflineApplier,
} from '../../lib/offline-apply';

/** A tag with one command applied by its rules (state moves only forward), and the plan's view of it. */
export function applyTagCommand(
  data: OfflinePermit,
  verb: TagCommand,
  input: { tagId: number; reason?: string; note?: string },
  actor: LocalActor,
  now: Date,
): LocalOutcome {
  if (!isOfflineCommand(`tag.${verb}`))
    return refuse(409, 'This tag step needs the network: it cannot be saved offline.');
  // The same body check as the route (a note: trimmed, 1 to TAG_NOTE_MAX characters).
  const body = tagCommandInputSchemas[verb].safeParse(input);
  if (!body.success) return refuse(422, body.error.issues[0]?.message ?? 'The tag command is not valid.');
  const tags = data.sections.tags as Tag[] | undefined;
  const tag = tags?.find((t) => t.ID === input.tagId);
  if (!tags || !tag) return refuse(409, 'That tag is not stored on this device: go online to change it.');
  const lockAppliers = tagLockAppliers(data.sections['crew-sign-on'] as LockboxView | undefined);
  const facts = tagFactsOf(tag, lockAppliers);
  const refusal = tagRefusal(facts, actor.userId, verb);
  if (refusal) return refuse(409, refusal);
  // Who may give the verb: the server's rule, on the permit's people as this copy knows them.
  const tagPermit = {
    typeCode: data.permit.permitType.code,
    issuerId: data.permit.issuer?.ID ?? null,
    holderId: data.permit.holder?.ID ?? null,
  };
  const notYours = tagPersonRefusal(facts, tagPermit, actor, verb);
  if (notYours) return refuse(403, notYours);
  const at = now.toISOString();
  const me = { ID: actor.userId, displayName: actor.displayName };
  const to = tagTransitions[verb]?.to ?? tag.state;
  const changed: Tag = {
    ...tag,
    state: to,
    ...(verb === 'apply' && { appliedBy: me, appliedAt: at }),
    ...(verb === 'verify' && { verifiedBy: me, verifiedAt: at }),
    ...(verb === 'remove' && { removedBy: me, removedAt: at }),
    ...(verb === 'report-missing' && { missingAt: at }),
    ...(verb === 'note' && {
      notes: [...(tag.notes ?? []), { text: (body.data as { note: string }).note, by: me, at }],
    }),
  };
  changed.allowedCommands = allowedTagCommands(tagFactsOf(changed, lockAppliers), tagPermit, actor).filter((c) =>
    isOfflineCommand(`tag.${c}`),
  );
  const sections: OfflinePermit['sections'] = {
    ...data.sections,
    tags: tags.map((t) => (t.ID === tag.ID ? changed : t)),
  };
  const plan = data.sections['isolation-plan'] as IsolationPlan | undefined;
  if (plan) {
    const points = plan.points.map((p) => ({
      ...p,
      tags: p.tags.map((t) => (t.ID === tag.ID ? { ...t, state: to, appliedBy: changed.appliedBy } : t)),
    }));
    sections['isolation-plan'] = finishPlan({ ...plan, points }, actor, data.permit.permitType.code);
  }
  return { ok: true, data: { ...data, sections }, answer: changed, appliedHere: true };
}

/** A tag's steps offline, checked against that tag's version as downloaded. */
export const tagOfflineApplier: OfflineApplier = {
  domain: 'tag',
  // A tag's buttons: only the steps that can be queued (printing, voiding, links need the server).
  reads: {
    tags: (data) =>
      Array.isArray(data.sections.tags)
        ? (data.sections.tags as Tag[]).map((tag) => ({
            ...tag,
            allowedCommands: tag.allowedCommands.filter((c) => isOfflineCommand(`tag.${c}`)),
          }))
        : undefined,
  },
  apply(data, call, device) {
    const input = call.body as { tagId: number };
    const outcome = applyTagCommand(data, call.verb as TagCommand, input, device.actor, device.now);
    const tag = (data.sections.tags as Tag[] | undefined)?.find((t) => t.ID === input.tagId);
    return outcome.ok && tag ? { ...outcome, recordVersion: tag.version } : outcome;
  },
};
