import {
  allowedCommands,
  allowedIsolationPlanVerbs,
  allowedTagCommands,
  decide,
  isolationPlanInputSchemas,
  isolationPlanNextStepFields,
  isolationPlanRefusalSaid,
  offlineCommandNames,
  permitEditSchema,
  tagFactsOf,
  tagLockAppliers,
  tagPersonRefusal,
  tagRefusal,
  tagTransitions,
  tryOutResultText,
  type IsolationPlan,
  type IsolationPlanInput,
  type IsolationPlanVerb,
  type LockboxView,
  type OfflineCommandName,
  type OfflinePermit,
  type Permit,
  type PermitActor,
  type PermitCommand,
  type PermitEdit,
  type PermitFacts,
  type PermitHandover,
  type Tag,
  type TagCommand,
  type Said,
} from '@hasp/contracts';

/**
 * A queued offline command applied to the device's copy of the permit (decision 0058), so
 * the page shows the new state at once. Pure: the same rules the server decides with (the lifecycle's
 * state machine, the isolation plan's and the tags' rules from contracts), nothing the server alone
 * knows (its extra guards, other permits, signatures). The server still decides at sync: the page
 * marks every change applied here "Saved offline — waiting to sync".
 */

/** Who acts on this device: the signed-in user and their permissions (from the session context). */
export interface LocalActor {
  userId: number;
  displayName: string;
  permissions: ReadonlySet<string>;
}

/** Names of people, areas and assets by id, for a change that names them only by id. */
export interface NameBook {
  person(id: number): string | undefined;
  area(id: number): { number: string; name: string } | undefined;
  asset(id: number): { number: string; description: string } | undefined;
}

export type LocalOutcome =
  | { ok: true; data: OfflinePermit; answer: unknown; appliedHere: boolean }
  | { ok: false; status: 403 | 404 | 409 | 422; reason: string; said?: Said };

const offlineNames: ReadonlySet<string> = new Set(offlineCommandNames);
export const isOfflineCommand = (name: string): name is OfflineCommandName => offlineNames.has(name);

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

export type LocalRefusal = Extract<LocalOutcome, { ok: false }>;
export const refuse = (status: LocalRefusal['status'], reason: string, said?: Said): LocalRefusal => ({
  ok: false,
  status,
  reason,
  ...(said ? { said } : {}),
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

const done = (actor: LocalActor, now: Date) => ({
  by: { ID: actor.userId, displayName: actor.displayName },
  at: now.toISOString(),
});

/**
 * The plan's next step and buttons by the plan's rules (contracts' `allowedIsolationPlanVerbs`, as
 * the server: plan edits need create or issue, every step issue), those queueable offline.
 */
export function finishPlan(plan: IsolationPlan, actor: LocalActor, permitTypeCode: string): IsolationPlan {
  const allowed = allowedIsolationPlanVerbs(plan, permitTypeCode, actor.permissions).filter((verb) =>
    isOfflineCommand(`isolation-plan.${verb}`),
  );
  return { ...plan, ...isolationPlanNextStepFields(plan), allowedVerbs: allowed };
}

/**
 * The plan with one step applied (the OSHA steps: notify, shut down, isolate, release stored energy,
 * verify, test release, re-verify, the release steps), or the plan's own refusal. Plan edits that
 * need the server's asset data (fill, add a point) are queued but shown only after sync.
 */
export function applyPlanCommand(
  data: OfflinePermit,
  verb: IsolationPlanVerb,
  input: IsolationPlanInput,
  actor: LocalActor,
  now: Date,
): LocalOutcome {
  const plan = data.sections['isolation-plan'] as IsolationPlan | undefined;
  if (!plan) return refuse(409, 'The isolation plan is not stored on this device: go online to change it.');
  // A try-out's body is checked as the server checks it (a method and a pass or fail, always).
  if (verb === 'verify-point' || verb === 're-verify') {
    const body = isolationPlanInputSchemas[verb].safeParse(input);
    if (!body.success) return refuse(422, body.error.issues[0]?.message ?? 'Try-out: method and outcome');
  }
  const refusal = isolationPlanRefusalSaid(plan, verb, input)?.();
  if (refusal) return refuse(409, refusal.message, refusal.said);
  const stamp = done(actor, now);
  const point = (change: Partial<IsolationPlan['points'][number]>) =>
    plan.points.map((p) => (p.ID === input.planPointId ? { ...p, ...change } : p));
  let next: IsolationPlan = plan;
  let appliedHere = true;
  switch (verb) {
    case 'notify':
      next = { ...plan, notified: stamp };
      break;
    case 'shut-down':
      next = { ...plan, shutDown: stamp };
      break;
    case 'release-stored-energy':
      next = { ...plan, storedEnergyReleased: stamp };
      break;
    case 'inspect-area':
      next = { ...plan, areaInspected: stamp };
      break;
    case 'clear-people':
      next = { ...plan, peopleClear: stamp };
      break;
    case 'notify-release':
      next = { ...plan, releaseNotified: stamp };
      break;
    case 'isolate-point':
      next = { ...plan, points: point({ state: 'isolated', isolated: stamp }) };
      break;
    case 'verify-point':
    case 're-verify':
      // As on the server: a failed try-out is recorded and the point stays unverified.
      next = {
        ...plan,
        points:
          input.outcome === 'fail'
            ? point({ tryOutFailed: stamp })
            : point({
                state: 'verified',
                verified: stamp,
                verifyMethod: input.method?.trim() ?? null,
                verifyResult: tryOutResultText(input.outcome ?? 'pass', input.result),
                tryOutFailed: null,
              }),
      };
      break;
    case 'test-release':
      next = { ...plan, points: point({ state: 'test_released', testReleased: stamp }) };
      break;
    case 'restore-point':
      next = { ...plan, points: point({ state: 'restored', restored: stamp }) };
      break;
    case 'release-point':
      next = { ...plan, points: point({ state: 'released', released: stamp }) };
      break;
    case 'remove-point':
      next = { ...plan, points: plan.points.filter((p) => p.ID !== input.planPointId) };
      break;
    case 'reorder': {
      const order = input.planPointIds ?? [];
      const points = [...plan.points].sort((a, b) => order.indexOf(a.ID) - order.indexOf(b.ID));
      next = { ...plan, points: points.map((p, i) => ({ ...p, position: i + 1 })) };
      break;
    }
    default:
      // fill, add-point: the points come from the server's asset data (queued, shown after sync).
      appliedHere = false;
  }
  next = finishPlan(next, actor, data.permit.permitType.code);
  return {
    ok: true,
    data: { ...data, sections: { ...data.sections, 'isolation-plan': next } },
    answer: next,
    appliedHere,
  };
}

/** A tag with one command applied by its rules (state moves only forward), and the plan's view of it. */
export function applyTagCommand(
  data: OfflinePermit,
  verb: TagCommand,
  input: { tagId: number; reason?: string },
  actor: LocalActor,
  now: Date,
): LocalOutcome {
  if (!isOfflineCommand(`tag.${verb}`))
    return refuse(409, 'This tag step needs the network: it cannot be saved offline.');
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

/** The version a queued command is based on: the record's as downloaded (the server accepts the chain). */
export function baseVersionOf(data: OfflinePermit, name: OfflineCommandName, recordVersion?: number): number | null {
  if (name === 'permit.create') return null;
  const prefix = name.slice(0, name.indexOf('.'));
  // Lock commands are checked against the permit's own version (they lock the permit, decision 0064).
  return data.versions[prefix] ?? recordVersion ?? (prefix === 'permit' || prefix === 'lock' ? data.permit.version : 0);
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

/**
 * The page's number for a permit made on this device (Permit.ID is a number): negative, so it can
 * never be a server id, and derived from the uuid so the same local permit always has the same one.
 */
export function localAlias(localUuid: string): number {
  return -(Number.parseInt(localUuid.replaceAll('-', '').slice(0, 7), 16) + 1);
}
