import { permitsMessages } from '@hasp/contracts';
import { translate, type Translate } from '../../../lib/i18n';

/** The hand-over dialog's notes ((f)(4)) as typed. */
export interface HandoverNotesInput {
  abnormalConditions: string;
  workRemaining: string;
}
export type HandoverNotesProblems = Partial<Record<keyof HandoverNotesInput, string>>;

export const emptyHandoverNotes: HandoverNotesInput = { abnormalConditions: '', workRemaining: '' };

/** What is missing, by field: both are required ("None" is an answer; an empty box is not). */
export function handoverNotesProblems(notes: HandoverNotesInput, t: Translate = translate): HandoverNotesProblems {
  return {
    ...(notes.abnormalConditions.trim() ? {} : { abnormalConditions: t(permitsMessages.handoverAbnormalRequired) }),
    ...(notes.workRemaining.trim() ? {} : { workRemaining: t(permitsMessages.handoverRemainingRequired) }),
  };
}

export const trimmedHandoverNotes = (notes: HandoverNotesInput): HandoverNotesInput => ({
  abnormalConditions: notes.abnormalConditions.trim(),
  workRemaining: notes.workRemaining.trim(),
});
