import * as z from 'zod/mini';
import { saidSchema, type Said } from './said';
import {
  permitCommands,
  permitTransitions,
  runGuards,
  terminalPermitStatuses,
  type PermitActor,
  type PermitCommand,
  type PermitDenialCode,
  type PermitFacts,
  type GuardContext,
  type PermitGuard,
  type PermitGuardHooks,
} from './permit-lifecycle';

/**
 * Why a command is not offered, in the lifecycle's own words (decision 0099): the screen shows it
 * where the button would be, so nobody hunts for a missing button. The reasons come from the same
 * guards `decide` runs, so the words are the server's refusal, never a second set of rules.
 */

/** The permit page's tab where what blocks a command is done ('none': nothing on a tab resolves it). */
export const permitRefusalTabs = ['questions', 'gas-tests', 'crew', 'isolation', 'none'] as const;
export type PermitRefusalTab = (typeof permitRefusalTabs)[number];

export interface PermitCommandRefusal {
  command: PermitCommand;
  code: PermitDenialCode;
  /** The refusal `decide` would answer (without input: a missing reason or password is asked at submit). */
  reason: string;
  /** The same refusal as a caption and its values: the permit page says it in the reader's language. */
  said?: Said;
  /** Where it is resolved: the tab of the first guard that refuses and names one. */
  tab: PermitRefusalTab;
}

const denialCodes = [
  'NOT_ALLOWED_FROM_STATE',
  'FORBIDDEN',
  'NOT_THE_RIGHT_PERSON',
  'SEPARATION_OF_DUTIES',
  'INVALID_INPUT',
  'LIMIT_REACHED',
  'PRECONDITION_FAILED',
] as const satisfies readonly PermitDenialCode[];

/** `GET /api/permits/:id/command-refusals`: the caller's refusals, on the server's facts (every plugin's guard). */
export const permitCommandRefusalsSchema = z.object({
  refusals: z.array(
    z.object({
      command: z.enum(permitCommands),
      code: z.enum(denialCodes),
      reason: z.string(),
      // Optional: an answer from a server older than the refusals' captions is said in English.
      said: z.optional(saidSchema),
      tab: z.enum(permitRefusalTabs),
    }),
  ),
});
export type PermitCommandRefusals = z.infer<typeof permitCommandRefusalsSchema>;

/**
 * Refusals worth saying on the screen: what stands in the way now (a step left, a limit) or a rule
 * about this very person (separation of duties). A missing permission or "only the holder can" is
 * never the viewer's to fix: saying it for every such command would bury the ones that are.
 */
export const shownRefusalCodes: readonly PermitDenialCode[] = [
  'SEPARATION_OF_DUTIES',
  'PRECONDITION_FAILED',
  'LIMIT_REACHED',
];

/**
 * For every command the permit's status has a row for and this actor is not offered now, the
 * lifecycle's refusal and the tab that resolves it. `tabOf` names a plugin guard's tab (the server
 * knows which module registered it); the table's own guards resolve on no tab. `expire` is the
 * expiry job's and never listed. Guards judged only on input (the questions', decision 0048) pass
 * here: their refusal comes when the command is given, with its tab (`refusalTab`).
 * @example commandRefusals(requested, requester, hooks)[0] → { command: 'approve', code: 'SEPARATION_OF_DUTIES', reason: 'You requested this permit: another person approves it.', tab: 'none' }
 */
export function commandRefusals<F extends PermitFacts>(
  facts: F,
  actor: PermitActor,
  hooks?: PermitGuardHooks<F>,
  tabOf: (guard: PermitGuard<F>) => PermitRefusalTab | undefined = () => undefined,
): PermitCommandRefusal[] {
  if (terminalPermitStatuses.includes(facts.status)) return [];
  const refusals: PermitCommandRefusal[] = [];
  for (const row of permitTransitions) {
    if (row.from !== facts.status || row.command === 'expire') continue;
    const denial = runGuards(row, { facts, actor, command: row.command, input: undefined }, hooks, false);
    if (!denial) continue;
    const tab = refusalTab(facts, actor, row.command, undefined, hooks, tabOf);
    refusals.push({ command: row.command, code: denial.code, reason: denial.reason, said: denial.said, tab });
  }
  return refusals;
}

/**
 * The tab that resolves the refusal of this command (with this input, as `decide` was given it):
 * the tab of the first refusing guard that names one, in runGuards' order (the table's, then the
 * plugins'). A refusal of who may act comes alone, as in runGuards: its guard's tab, or none.
 */
export function refusalTab<F extends PermitFacts>(
  facts: F,
  actor: PermitActor,
  command: PermitCommand,
  input: GuardContext<F>['input'],
  hooks: PermitGuardHooks<F> | undefined,
  tabOf: (guard: PermitGuard<F>) => PermitRefusalTab | undefined,
): PermitRefusalTab {
  const row = permitTransitions.find((r) => r.from === facts.status && r.command === command);
  if (!row) return 'none';
  const ctx: GuardContext<F> = { facts, actor, command, input };
  let first: PermitRefusalTab | undefined;
  for (const [guard, tab] of [
    ...row.guards.map((g) => [g as PermitGuard<F>, undefined] as const),
    ...(hooks?.[command] ?? []).map((g) => [g, tabOf(g)] as const),
  ]) {
    const denial = guard(ctx);
    if (!denial) continue;
    if (denial.code !== 'PRECONDITION_FAILED') return tab ?? 'none';
    first ??= tab;
  }
  return first ?? 'none';
}
