import {
  permitTransitions,
  runGuards,
  terminalPermitStatuses,
  type PermitActor,
  type PermitCommand,
  type PermitDenialCode,
  type PermitFacts,
  type PermitGuard,
  type PermitGuardHooks,
} from './permit-lifecycle';

/**
 * Why a command is not offered, in the lifecycle's own words (decision XXXX): the screen shows it
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
  /** Where it is resolved: the tab of the first guard that refuses and names one. */
  tab: PermitRefusalTab;
}

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
 * expiry job's and never listed.
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
    const ctx = { facts, actor, command: row.command, input: undefined };
    const denial = runGuards(row, ctx, hooks, false);
    if (!denial) continue;
    refusals.push({
      command: row.command,
      code: denial.code,
      reason: denial.reason,
      tab: tabOfDenial(row.guards, ctx),
    });
  }
  return refusals;

  /** The tab of the guard that decides the refusal: runGuards' order (table, then plugins). */
  function tabOfDenial(table: readonly PermitGuard[], ctx: Parameters<PermitGuard<F>>[0]): PermitRefusalTab {
    let first: PermitRefusalTab | undefined;
    const plugins = hooks?.[ctx.command] ?? [];
    for (const [guard, tab] of [
      ...table.map((g) => [g as PermitGuard<F>, undefined] as const),
      ...plugins.map((g) => [g, tabOf(g)] as const),
    ]) {
      const denial = guard(ctx);
      if (!denial) continue;
      // A refusal of who may act comes alone (runGuards): its tab, or none, is the answer.
      if (denial.code !== 'PRECONDITION_FAILED') return tab ?? 'none';
      first ??= tab;
    }
    return first ?? 'none';
  }
}
