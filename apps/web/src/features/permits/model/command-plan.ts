import {
  permitCommandLabels,
  permitCommandNotifies,
  permitStatusLabels,
  permitTransitions,
  type Permit,
  type PermitCommand,
} from '@hasp/contracts';

/** Commands the page offers as buttons: `edit` is the form's Save, `expire` is the scheduler's. */
export const buttonCommands = (allowed: readonly PermitCommand[]): PermitCommand[] =>
  allowed.filter((verb) => verb !== 'edit' && verb !== 'expire');

/** The input a command's dialog asks for (permitCommandInputSchemas). */
export type CommandInput = 'reason' | 'plannedEnd' | 'newHolder' | null;
export function inputOf(verb: PermitCommand): CommandInput {
  if (verb === 'suspend' || verb === 'cancel') return 'reason';
  if (verb === 'extend') return 'plannedEnd';
  if (verb === 'hand-over') return 'newHolder';
  return null;
}

/** What the confirmation says: the change of status and who is told. */
export function commandPlan(permit: Pick<Permit, 'status'>, verb: PermitCommand) {
  const row = permitTransitions.find((t) => t.from === permit.status && t.command === verb);
  const from = permitStatusLabels[permit.status];
  const to = row ? permitStatusLabels[row.to] : from;
  return {
    label: permitCommandLabels[verb],
    change: from === to ? `The permit stays ${from}.` : `The permit goes from ${from} to ${to}.`,
    notifies: permitCommandNotifies[verb] ?? 'Nobody is notified.',
    /** Red for the ones that stop or end work. */
    danger: verb === 'cancel' || verb === 'suspend',
  };
}
