import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandRefusals, type PermitRefusalTab } from './permit-command-refusals';
import { crewSignOffStep, isolationPlanNextStep } from './isolation-plan';
import { say } from './said';
import { defineCaptions } from './captions/define-captions';
import {
  allowedCommands,
  decide,
  deny,
  permitStatuses,
  type PermitActor,
  type PermitFacts,
  type PermitGuard,
  type PermitGuardHooks,
  type PermitStatus,
} from './permit-lifecycle';

const REQUESTER = 1;
const all = (...actions: string[]) => new Set(actions.map((a) => `permit:${a}:LOTO`));
const person = (userId: number, ...actions: string[]): PermitActor => ({
  userId,
  permissions: all(...actions),
  isSystem: false,
});
// A supervisor who requested the permit may approve others' permits, never this one.
const requestingSupervisor = person(REQUESTER, 'view', 'create', 'approve', 'issue');

const facts = (status: PermitStatus, over: Partial<PermitFacts> = {}): PermitFacts => ({
  status,
  typeCode: 'LOTO',
  requesterId: REQUESTER,
  holderId: 4,
  issuerId: ['draft', 'requested', 'approved', 'isolated'].includes(status) ? null : 3,
  approverIds: [],
  plannedStart: '2026-01-01T08:00:00Z',
  plannedEnd: '2026-01-01T16:00:00Z',
  extensionCount: 0,
  maxExtensions: 2,
  maxValidityHours: 24,
  now: '2026-01-01T12:00:00Z',
  ...over,
});

// Plugin guards as the server registers them: each module's guard resolved on its tab.
const guardWords = defineCaptions('Message', 'Test_Refusal_Guards', {
  crew: 'Ana Diaz is still signed on.',
  questions: 'Answer question 3 first.',
  gas: 'Record a gas test first.',
});
const crewSignedOn: PermitGuard = () => deny('PRECONDITION_FAILED', say(guardWords.crew));
const questionsLeft: PermitGuard = () => deny('PRECONDITION_FAILED', say(guardWords.questions));
const gasTestDue: PermitGuard = () => deny('PRECONDITION_FAILED', say(guardWords.gas));
const tabs = new Map<PermitGuard, PermitRefusalTab>([
  [crewSignedOn, 'crew'],
  [questionsLeft, 'questions'],
  [gasTestDue, 'gas-tests'],
]);
const hooks: PermitGuardHooks = { close: [crewSignedOn], issue: [questionsLeft, gasTestDue] };

/** An input every command's schema and input guards accept (commands without input ignore it). */
const validInput = {
  reason: 'Gas alarm',
  plannedEnd: '2026-01-01T18:00:00Z',
  newHolderId: 9,
  abnormalConditions: 'None',
  workRemaining: 'None',
  locksStaying: [],
  password: 'typed again',
  reasonId: 1,
  note: 'Rework the isolation list',
};

describe('commandRefusals', () => {
  it('tells the requester, where Approve would be, that another person approves their permit', () => {
    const refusals = commandRefusals(facts('requested'), requestingSupervisor);
    expect(refusals).toContainEqual({
      command: 'approve',
      code: 'SEPARATION_OF_DUTIES',
      reason: 'You requested this permit: another person approves it.',
      said: { caption: 'Message|Rules_Permit_Lifecycle|requesterApproves', values: {}, terms: {} },
      tab: 'none',
    });
  });

  it("each reason is the lifecycle's own refusal of that command, for every status and actor", () => {
    const actors = [
      requestingSupervisor,
      person(2, 'view', 'approve'),
      person(3, 'view', 'issue'),
      person(4, 'view'),
      person(5),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...permitStatuses),
        fc.constantFrom(...actors),
        fc.boolean(),
        (status, actor, withHooks) => {
          const f = facts(status);
          const h = withHooks ? hooks : undefined;
          const refusals = commandRefusals(f, actor, h, (g) => tabs.get(g));
          const offered = allowedCommands(f, actor, h);
          for (const r of refusals) {
            // Given valid input, as the dialog sends it: the refusal is then the command's, not the input's.
            const decision = decide(f, actor, r.command, validInput, h);
            // Refused as the server refuses it: same code, same words.
            expect(decision).toEqual({ ok: false, code: r.code, reason: r.reason, said: r.said });
            expect(offered).not.toContain(r.command);
          }
          // Never a refusal for what is offered, never the expiry job's command.
          expect(refusals.map((r) => r.command)).not.toContain('expire');
        },
      ),
    );
  });

  it('names the tab that resolves a plugin guard: crew for sign-off before close, the first blocking tab for issue', () => {
    const tabOf = (g: PermitGuard) => tabs.get(g);
    const issuer = person(3, 'view', 'issue');
    const close = commandRefusals(facts('de_isolation'), issuer, hooks, tabOf).find((r) => r.command === 'close');
    expect(close).toEqual({
      command: 'close',
      code: 'PRECONDITION_FAILED',
      reason: 'Ana Diaz is still signed on.',
      said: say(guardWords.crew).said,
      tab: 'crew',
    });
    const issue = commandRefusals(facts('isolated', { holderId: 4 }), issuer, hooks, tabOf).find(
      (r) => r.command === 'issue',
    );
    expect(issue).toMatchObject({ reason: 'Answer question 3 first. Record a gas test first.', tab: 'questions' });
  });

  it('names no tab when who may act refuses (a permission is not fixed on a tab)', () => {
    const close = commandRefusals(facts('de_isolation'), person(4, 'view'), hooks, (g) => tabs.get(g)).find(
      (r) => r.command === 'close',
    );
    expect(close).toMatchObject({ code: 'FORBIDDEN', tab: 'none' });
  });

  it('lists nothing for a closed permit', () => {
    expect(commandRefusals(facts('closed'), requestingSupervisor, hooks)).toEqual([]);
  });
});

describe('isolationPlanNextStep while crew are signed on', () => {
  const done = { by: { ID: 1, displayName: 'A' }, at: '2026-01-01T12:00:00Z' };
  const plan = {
    permitId: 1,
    permitNumber: 'P-1',
    permitStatus: 'de_isolation' as const,
    version: 1,
    notified: done,
    shutDown: done,
    storedEnergyReleased: done,
    areaInspected: done,
    peopleClear: done,
    releaseNotified: done,
    points: [],
  };

  it('names who must sign off instead of telling anyone to close the permit', () => {
    expect(isolationPlanNextStep(plan, ['Ana Diaz', 'Ben Ode'])).toBe(
      'Ana Diaz and Ben Ode are still signed on: they sign off before the permit can be closed',
    );
    expect(crewSignOffStep(['Ana Diaz'])).toBe(
      'Ana Diaz is still signed on: they sign off before the permit can be closed',
    );
    expect(isolationPlanNextStep(plan)).toBe('Close the permit');
  });
});
