import { attachProblem, mayRemoveOthersAttachments, removeAttachmentProblem } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';

/**
 * The attachment rules, for the commands' policy and the list's `canAttach`/`canRemove`: contracts'
 * (the offline flags decide with them too), as the API answers them.
 * Anyone who may view the permit's type attaches (photos come from the people at the work). A
 * removal is by the person who attached, or by whoever may approve or issue permits of the type.
 * A closed or cancelled permit's attachments are final.
 */
/** Whether these permissions let someone remove another person's attachment on a permit of this type. */
export const mayRemoveOthers = mayRemoveOthersAttachments;

const appError = (problem: { status: 403 | 409; message: string }) =>
  new AppError(problem.status === 403 ? 'FORBIDDEN' : 'CONFLICT', problem.status, problem.message);

export function attachRefusal(status: string): AppError | null {
  const problem = attachProblem(status);
  return problem && appError(problem);
}

export function removeRefusal(facts: Parameters<typeof removeAttachmentProblem>[0]): AppError | null {
  const problem = removeAttachmentProblem(facts);
  return problem && appError(problem);
}
