import {
  allowedCommands,
  decide,
  isSignedPermitCommand,
  permitEditSchema,
  type IsolationPlan,
  type OfflinePermit,
  type Permit,
  type PermitActor,
  type PermitCommand,
  type PermitEdit,
  type PermitFacts,
  type PermitHandover,
} from '@hasp/contracts';
import {
  finishPlan,
  isOfflineCommand,
  refuse,
  type LocalActor,
  type LocalOutcome,
  type NameBook,
  type OfflineApplier,
} from '../../../lib/offline-apply';

/**
 * A lifecycle command queued offline, applied to the device's copy of the permit (decision 0058),
 * so the page shows the new state at once. Pure: the same rules the server decides with (the
 * lifecycle's state machine from contracts), nothing the server alone knows (its extra guards,
 * other permits, signatures). The server still decides at sync: the page marks every change
 * applied here "Saved offline — waiting to sync". The other domains' appliers sit beside their
 * features (`features/<domain>/offline-apply.ts`).
 */

/** The permit commands the page offers offline: allowed by the state machine and queueable (no approving). */
export function offlinePermitCommands(permit: Permit, actor: LocalActor, now: Date): PermitCommand[] {
  return allowedCommands(factsOf(permit, now), toPermitActor(actor)).filter((verb) =>
    isOfflineCommand(`permit.${verb}`),
  );
}

/** The commands the server offered that this device cannot give offline (approving: signatures need the network). */
export const onlineOnlyCommands = (permit: Permit, actor: LocalActor, now: Date): PermitCommand[] =>
  allowedCommands(factsOf(permit, now), toPermitActor(actor)).filter(
    (verb) => !isOfflineCommand(`permit.${verb}`) && verb !== 'expire',
  );

const toPermitActor = (actor: LocalActor): PermitActor => ({
  userId: actor.userId,
  permissions: actor.permissions,
  isSystem: false,
});

function factsOf(permit: Permit, now: Date): PermitFacts {
  return {
    status: permit.status,
    typeCode: permit.permitType.code,
    requesterId: permit.requester.ID,
    holderId: permit.holder?.ID ?? null,
    issuerId: permit.issuer?.ID ?? null,
    approverIds: permit.approvals.map((a) => a.user.ID),
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    extensionCount: permit.extensionCount,
    // Extending is not offered offline; these only matter to it.
    maxExtensions: 0,
    maxValidityHours: Number.MAX_SAFE_INTEGER,
    now,
    pendingHandoverId: permit.pendingHandover?.ID ?? null,
  };
}

const person = (id: number, names: NameBook, actor: LocalActor) => ({
  ID: id,
  displayName: id === actor.userId ? actor.displayName : (names.person(id) ?? `User ${id}`),
});

/** The permit with the lifecycle command applied (its status, effects and buttons), or the state machine's refusal. */
export function applyPermitCommand(
  data: OfflinePermit,
  verb: PermitCommand,
  input: Record<string, unknown>,
  actor: LocalActor,
  names: NameBook,
  now: Date,
): LocalOutcome {
  const permit = data.permit;
  if (!isOfflineCommand(`permit.${verb}`)) return refuse(409, offlineRefusal(verb));
  const decision = decide(factsOf(permit, now), toPermitActor(actor), verb, input);
  if (!decision.ok)
    return refuse(
      decision.code === 'INVALID_INPUT'
        ? 422
        : decision.code === 'NOT_ALLOWED_FROM_STATE' || decision.code === 'PRECONDITION_FAILED'
          ? 409
          : 403,
      decision.reason,
      decision.said,
    );
  const { effects } = decision;
  let next: Permit = { ...permit, status: decision.to, updatedAt: now.toISOString() };
  if (verb === 'edit') {
    // The same body check as the REST route (trimmed text, the planned window).
    const body = permitEditSchema.safeParse(input);
    if (!body.success) return refuse(422, body.error.issues[0]?.message ?? 'The permit’s fields are not valid.');
    next = { ...next, ...editedFields(permit, body.data, names, actor) };
  }
  if (effects.clearsApprovals) next.approvals = [];
  if (effects.setsIssuer !== undefined) next.issuer = person(effects.setsIssuer, names, actor);
  if (effects.setsHolder !== undefined) next.holder = person(effects.setsHolder, names, actor);
  if (effects.reason !== undefined) next.statusReason = effects.reason;
  if (verb === 'revalidate') next.statusReason = null;
  // Requested again: the return for rework it answers is no longer shown.
  if (verb === 'request') next.returned = null;
  // Shift change: the notes wait on the copy for the new holder's acknowledgment, as on the server.
  if (verb === 'hand-over') next.pendingHandover = localHandover(data, input, actor, names, now);
  if (verb === 'accept') next.pendingHandover = null;
  next.allowedCommands = offlinePermitCommands(next, actor, now);
  const sections = withPlanStatus(data.sections, next.status, actor, permit.permitType.code);
  return { ok: true, data: { ...data, permit: next, sections }, answer: next, appliedHere: true };
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A hand-over given on this device, as the copy shows it until sync (ID 0: the server numbers it).
 * The locks said to stay on are named from the copy's isolation plan.
 */
function localHandover(
  data: OfflinePermit,
  input: Record<string, unknown>,
  actor: LocalActor,
  names: NameBook,
  now: Date,
): PermitHandover {
  const staying = new Set(Array.isArray(input.locksStaying) ? (input.locksStaying as number[]) : []);
  const plan = data.sections['isolation-plan'] as IsolationPlan | undefined;
  const locks = new Map(
    (plan?.points ?? []).flatMap((point) => point.locks.map((lock) => [lock.lockId, lock.serial] as const)),
  );
  return {
    ID: 0,
    from: data.permit.holder,
    to: person(Number(input.newHolderId), names, actor),
    by: { ID: actor.userId, displayName: actor.displayName },
    at: now.toISOString(),
    abnormalConditions: textOf(input.abnormalConditions),
    workRemaining: textOf(input.workRemaining),
    locksStaying: [...staying].map((ID) => ({ ID, serial: locks.get(ID) ?? `#${ID}` })),
    acknowledged: null,
  };
}

/** Why a command is not offered offline. */
export function offlineRefusal(verb: string): string {
  if (verb === 'approve')
    return 'Approving needs the network: the signature re-checks your password on the server. Approve when you are back online.';
  if (verb === 'reject')
    return "Rejecting needs the network: the approvals it clears and the requester's notice are the server's. Reject when you are back online.";
  return 'This step needs the network: it cannot be saved offline.';
}

function editedFields(permit: Permit, input: PermitEdit, names: NameBook, actor: LocalActor): Partial<Permit> {
  const { areaId, assetIds, holderId } = input;
  const area =
    areaId === null
      ? null
      : permit.area?.ID === areaId
        ? permit.area
        : { ID: areaId, ...(names.area(areaId) ?? { number: `#${areaId}`, name: '' }) };
  return {
    title: input.title,
    description: input.description,
    workMethod: input.workMethod,
    area,
    assets: assetIds.map(
      (id) =>
        permit.assets.find((a) => a.ID === id) ?? {
          ID: id,
          ...(names.asset(id) ?? { number: `#${id}`, description: '' }),
        },
    ),
    plannedStart: input.plannedStart,
    plannedEnd: input.plannedEnd,
    holder: holderId === null ? null : permit.holder?.ID === holderId ? permit.holder : person(holderId, names, actor),
    riskLevel: input.riskLevel,
  };
}

/** The plan section follows the permit's status (its steps depend on it). */
function withPlanStatus(
  sections: OfflinePermit['sections'],
  status: Permit['status'],
  actor: LocalActor,
  typeCode: string,
): OfflinePermit['sections'] {
  const plan = sections['isolation-plan'] as IsolationPlan | undefined;
  if (!plan) return sections;
  return { ...sections, 'isolation-plan': finishPlan({ ...plan, permitStatus: status }, actor, typeCode) };
}

/**
 * A provisional number for a permit made on this device: `OFF-<type>-<day>-<4 of the uuid>`, unique
 * enough for people to tell them apart and never mistaken for a server number (which the server
 * gives at sync, replacing this one).
 */
export function provisionalNumber(typeCode: string, localUuid: string, now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `OFF-${typeCode}-${day}-${localUuid.replaceAll('-', '').slice(0, 4).toUpperCase()}`;
}

/** The lifecycle's offline rules; a signed verb's password is sealed for its one queued command. */
export const permitOfflineApplier: OfflineApplier = {
  domain: 'permit',
  // Only what can be queued is offered (approving needs the network: the notice says why).
  reads: {
    '': (data) => ({
      ...data.permit,
      allowedCommands: data.permit.allowedCommands.filter((verb) => isOfflineCommand(`permit.${verb}`)),
    }),
  },
  async apply(data, call, device) {
    const outcome = applyPermitCommand(
      data,
      call.verb as PermitCommand,
      call.body,
      device.actor,
      await device.names(),
      device.now,
    );
    if (!outcome.ok || !isSignedPermitCommand(call.verb)) return outcome;
    return { ...outcome, input: await device.sealSignature(call.verb, call.body) };
  },
};
