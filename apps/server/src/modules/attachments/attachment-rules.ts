import {
  attachmentMessages as say,
  permitPermission,
  terminalPermitStatuses,
  type PermitStatus,
} from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';

/**
 * The attachment rules, for the commands' policy and the list's `canAttach`/`canRemove`.
 * Anyone who may view the permit's type attaches (photos come from the people at the work). A
 * removal is by the person who attached, or by whoever may approve or issue permits of the type.
 * A closed or cancelled permit's attachments are final.
 */
export const isFinal = (status: string) => terminalPermitStatuses.includes(status as PermitStatus);

/** Whether these permissions let someone remove another person's attachment on a permit of this type. */
export const mayRemoveOthers = (permissions: ReadonlySet<string>, typeCode: string) =>
  permissions.has(permitPermission('approve', typeCode)) || permissions.has(permitPermission('issue', typeCode));

export function attachRefusal(status: string): AppError | null {
  return isFinal(status) ? new AppError('CONFLICT', 409, say.closed) : null;
}

export function removeRefusal(facts: {
  status: string;
  removed: boolean;
  attachedBy: number;
  userId: number;
  removesOthers: boolean;
}): AppError | null {
  if (isFinal(facts.status)) return new AppError('CONFLICT', 409, say.closed);
  if (facts.removed) return new AppError('CONFLICT', 409, say.alreadyRemoved);
  if (facts.attachedBy !== facts.userId && !facts.removesOthers)
    return new AppError('FORBIDDEN', 403, say.removeForbidden);
  return null;
}
