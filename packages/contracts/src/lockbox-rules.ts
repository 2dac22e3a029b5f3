import {
  lockboxCommands,
  lockboxOpenStatuses,
  lockboxSignOnStatuses,
  lockboxWorkStatuses,
  type LockboxCommand,
  type LockboxMember,
} from './lockboxes';
import { lockboxPrimaryVerbCaptions as primaryVerbs, lockboxRuleCaptions as words } from './captions/rules';
import { permitStatusCaptions } from './captions/permits';
import { fillPlaceholders, say, sayTogether, type Said } from './said';
import type { PermitStatus } from './permit-lifecycle';
import { permitPermission } from './permissions';

/**
 * The group lockbox's rules (decision 0040), in contracts so the server's lockbox commands and the
 * offline permit page decide with the same function (decision 0067): the server on the locked
 * permit, the device on its stored copy of the crew section.
 */
export interface LockboxRuleState {
  permit: { typeCode: string; sections: readonly string[]; status: PermitStatus };
  /** The open lockbox, else the last one released (dates as the server or the device keeps them). */
  lockbox: { primary: { ID: number }; keysDepositedAt: unknown; releasedAt: unknown } | undefined;
  /** Everyone who signed on to that lockbox (open and signed off). */
  members: LockboxMember[];
  permissions: ReadonlySet<string>;
}

export interface LockboxRefusal {
  status: 403 | 409 | 422;
  message: string;
  /** The message as a caption and its values, where the crew section may show it. */
  said?: Said;
}

/** A refusal in the reader's words (the crew section shows it; the API answers it with `said`). */
const refuse = (status: LockboxRefusal['status'], words: ReturnType<typeof say>): LockboxRefusal => ({
  status,
  ...words,
});
const statusOf = (state: LockboxRuleState) => ({ status: permitStatusCaptions[state.permit.status] });
const isOpen = (state: LockboxRuleState) => Boolean(state.lockbox && !state.lockbox.releasedAt);

/** The lockbox refusals' English, for callers that compare messages (the captions' default words). */
export const lockboxMessages = {
  lastMember: words.lastMember.defaultCaption,
  notSelf: words.notSelf.defaultCaption,
  notPrimary: (verb: keyof typeof primaryVerbs) =>
    fillPlaceholders(words.notPrimary.defaultCaption, { verb: primaryVerbs[verb].defaultCaption }),
  workUnderWay: words.workUnderWay.defaultCaption,
  keysNotDeposited: words.keysNotDeposited.defaultCaption,
  alreadySignedOn: words.alreadySignedOn.defaultCaption,
  noOpenLockbox: words.noOpenLockbox.defaultCaption,
  alreadyOpen: words.alreadyOpen.defaultCaption,
} as const;

/** The open lockbox's members signed on now. */
export const signedOnMembers = (state: LockboxRuleState) =>
  isOpen(state) ? state.members.filter((x) => x.signedOffAt === null) : [];

/**
 * May this person give this command on this permit now? One table of rules for the command's
 * policy (in the command's transaction, on the locked permit), for the crew section's buttons
 * (`allowedLockboxCommands`) and for the offline page, so a button is never offered that the server
 * would refuse. `input` is undefined when the page asks: rules on the input then pass.
 */
export function lockboxRefusal(
  state: LockboxRuleState,
  userId: number,
  command: LockboxCommand,
  input?: { applicationId?: number },
): LockboxRefusal | null {
  const { permit, lockbox } = state;
  const view = permitPermission('view', permit.typeCode);
  if (!state.permissions.has(view)) return refuse(403, say(words.needsView, { permission: view }));
  if (!permit.sections.includes('crew-sign-on')) return refuse(409, say(words.noCrewSignOn, { type: permit.typeCode }));
  const open = lockbox && !lockbox.releasedAt ? lockbox : undefined;

  if (command === 'open') {
    const issue = permitPermission('issue', permit.typeCode);
    if (!state.permissions.has(issue)) return refuse(403, say(words.needsIssue, { permission: issue }));
    if (open) return refuse(409, say(words.alreadyOpen));
    if (!lockboxOpenStatuses.includes(permit.status)) return refuse(409, say(words.openWindow, {}, statusOf(state)));
    return null;
  }
  if (!open) return refuse(409, say(words.noOpenLockbox));
  const isPrimary = open.primary.ID === userId;
  const members = signedOnMembers(state);

  switch (command) {
    case 'deposit-keys':
      if (!isPrimary) return refuse(403, say(words.notPrimary, {}, { verb: primaryVerbs.depositKeys }));
      if (open.keysDepositedAt) return refuse(409, say(words.keysAlreadyIn));
      if (!lockboxOpenStatuses.includes(permit.status))
        return refuse(409, say(words.depositWindow, {}, statusOf(state)));
      return null;
    case 'sign-on':
      if (!open.keysDepositedAt) return refuse(409, say(words.keysNotDeposited));
      if (!lockboxSignOnStatuses.includes(permit.status))
        return refuse(
          409,
          permit.status === 'approved'
            ? say(words.signOnOpensIsolated)
            : say(words.nobodySignsOn, {}, { status: permitStatusCaptions[permit.status] }),
        );
      if (members.some((x) => x.user.ID === userId)) return refuse(409, say(words.alreadySignedOn));
      return null;
    case 'sign-off': {
      const mine = members.find((x) => x.user.ID === userId);
      const target =
        input?.applicationId === undefined ? mine : members.find((x) => x.applicationId === input.applicationId);
      if (input?.applicationId !== undefined && !target) return refuse(422, say(words.notThisLockbox));
      if (!target) return refuse(409, say(words.notSignedOn));
      if (target.user.ID !== userId) return refuse(403, say(words.notSelf));
      // The tag on the lock comes off with it (signOffPersonalLock: only its applier, audited tag.remove).
      // OSHA (f)(4): during the work the lockbox is never left without a crew member's lock.
      if (lockboxWorkStatuses.includes(permit.status) && members.length === 1)
        return refuse(409, say(words.lastMember));
      return null;
    }
    case 'release': {
      if (!isPrimary) return refuse(403, say(words.notPrimary, {}, { verb: primaryVerbs.release }));
      // Everyone still signed on, and the work still under way: both named when both block.
      const unmet = [
        ...(members.length
          ? [
              say(
                words.membersSignedOn,
                {},
                {},
                {},
                {
                  members: members.map((x) => say(words.member, { person: x.user.displayName, serial: x.lock.serial })),
                },
              ),
            ]
          : []),
        ...(lockboxWorkStatuses.includes(permit.status) ? [say(words.workUnderWay)] : []),
      ];
      return unmet.length ? refuse(409, sayTogether(unmet)) : null;
    }
  }
}

/** The commands this person may give now (the crew section's buttons). */
export const allowedLockboxCommands = (state: LockboxRuleState, userId: number): LockboxCommand[] =>
  lockboxCommands.filter((c) => lockboxRefusal(state, userId, c) === null);

/**
 * What of the crew section depends on who looks (the server's section and the offline flags decide
 * with it): their own sign-on on the open lockbox, the commands they may give and, while the lockbox
 * is open and the big button (sign on or off) cannot be pressed, why.
 */
export function lockboxCallerView(
  state: LockboxRuleState,
  userId: number,
): { mySignOn: LockboxMember | null; allowed: LockboxCommand[]; blocked: string | null; blockedSaid: Said | null } {
  const mySignOn = signedOnMembers(state).find((x) => x.user.ID === userId) ?? null;
  const allowed = allowedLockboxCommands(state, userId);
  const mine = mySignOn ? 'sign-off' : 'sign-on';
  const refusal = isOpen(state) && !allowed.includes(mine) ? lockboxRefusal(state, userId, mine) : null;
  return { mySignOn, allowed, blocked: refusal?.message ?? null, blockedSaid: refusal?.said ?? null };
}
