import {
  permitCommandCaptions,
  permitNotifiesCaptions,
  permitStatusCaptions,
  permitTransitions,
  permitsButtons,
  permitsLabels,
  signatureLabels,
  type Caption,
  type Permit,
  type PermitCommand,
} from '@hasp/contracts';
import { translate, type Translate } from '../../../lib/i18n';

/** Commands the page offers as buttons: `edit` is the form's Save, `expire` is the scheduler's. */
export const buttonCommands = (allowed: readonly PermitCommand[]): PermitCommand[] =>
  allowed.filter((verb) => verb !== 'edit' && verb !== 'expire');

/** The input a command's dialog asks for (permitCommandInputSchemas). */
export type CommandInput = 'reason' | 'plannedEnd' | 'newHolder' | 'password' | 'rejection' | null;
export function inputOf(verb: PermitCommand): CommandInput {
  if (verb === 'suspend' || verb === 'cancel') return 'reason';
  if (verb === 'extend') return 'plannedEnd';
  if (verb === 'hand-over') return 'newHolder';
  // Approving signs the next approval stage: the signer's password again. The other
  // signed verbs (isSignedPermitCommand) ask for it too, beside their own input.
  if (verb === 'approve') return 'password';
  // Returning for rework: a reason from the facility's list, and a note (required for "Other").
  if (verb === 'reject') return 'rejection';
  return null;
}

/** What the confirmation says: the change of status and who is told. */
export function commandPlan(permit: Pick<Permit, 'status'>, verb: PermitCommand, t: Translate = translate) {
  const row = permitTransitions.find((r) => r.from === permit.status && r.command === verb);
  const from = t(permitStatusCaptions[permit.status]);
  const to = row ? t(permitStatusCaptions[row.to]) : from;
  const notifies = (permitNotifiesCaptions as Partial<Record<PermitCommand, Caption>>)[verb];
  return {
    label: t(permitCommandCaptions[verb]),
    // An approval may be one stage of several: the permit stays Requested until the last.
    change:
      verb === 'approve'
        ? t(signatureLabels.approveChange)
        : from === to
          ? t(permitsLabels.stays, { status: from })
          : t(permitsLabels.goes, { from, to }),
    notifies: t(notifies ?? permitsLabels.nobodyNotified),
    /** Red for the ones that stop or end work. */
    danger: verb === 'cancel' || verb === 'suspend',
    /** The dialog's confirm button: a stop or an end is named in full ("Cancel this permit"). */
    confirm:
      verb === 'cancel'
        ? t(permitsButtons.confirmCancel)
        : verb === 'suspend'
          ? t(permitsButtons.confirmSuspend)
          : t(permitCommandCaptions[verb]),
  };
}
