import { Textarea } from '@mantine/core';
import { HANDOVER_NOTE_MAX, permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { HandoverNotesInput, HandoverNotesProblems } from '../model/handover-notes';

interface HandoverFieldsProps {
  value: HandoverNotesInput;
  onChange: (value: HandoverNotesInput) => void;
  problems: HandoverNotesProblems;
}

/** The outgoing holder's notes for the incoming one ((f)(4)): what is not normal, and what is left. */
export function HandoverFields({ value, onChange, problems }: HandoverFieldsProps) {
  const t = useCaptions();
  return (
    <>
      <Textarea
        label={t(permitsLabels.handoverAbnormal)}
        description={t(permitsLabels.handoverAbnormalDescription)}
        required
        autosize
        minRows={2}
        maxLength={HANDOVER_NOTE_MAX}
        value={value.abnormalConditions}
        onChange={(e) => onChange({ ...value, abnormalConditions: e.currentTarget.value })}
        error={problems.abnormalConditions}
      />
      <Textarea
        label={t(permitsLabels.handoverRemaining)}
        description={t(permitsLabels.handoverRemainingDescription)}
        required
        autosize
        minRows={2}
        maxLength={HANDOVER_NOTE_MAX}
        value={value.workRemaining}
        onChange={(e) => onChange({ ...value, workRemaining: e.currentTarget.value })}
        error={problems.workRemaining}
      />
    </>
  );
}
