import { Alert, Loader, Select, Textarea } from '@mantine/core';
import {
  REJECTION_NOTE_MAX,
  masterItemCaption,
  permitsLabels,
  permitsMessages,
  rejectionNoteRequired,
  type MasterListItem,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import classes from '../Permits.module.css';

interface RejectionFieldsProps {
  reasons: { data?: MasterListItem[]; isPending: boolean; error: unknown };
  reasonId: string | null;
  onReason: (id: string | null) => void;
  note: string;
  onNote: (note: string) => void;
  reasonProblem: string | null;
  noteProblem: string | null;
}

/** The reject dialog's input: a reason from the facility's "Rejection reasons" list, and the note. */
export function RejectionFields(props: RejectionFieldsProps) {
  const t = useCaptions();
  const { reasons } = props;
  if (reasons.isPending) return <Loader size="sm" aria-label={t(permitsLabels.loadingRejectionReasons)} />;
  if (reasons.error)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(permitsMessages.rejectionReasonsFailed, { reason: reasonOf(reasons.error) })}
      </Alert>
    );
  const items = reasons.data ?? [];
  if (!items.length)
    return (
      <Alert color="yellow" variant="light" role="alert">
        {t(permitsMessages.noRejectionReasons)}
      </Alert>
    );
  const picked = items.find((i) => String(i.ID) === props.reasonId);
  return (
    <>
      <Select
        label={t(permitsLabels.rejectionReason)}
        required
        data={items.map((i) => ({ value: String(i.ID), label: t(masterItemCaption('rejection-reasons', i)) }))}
        value={props.reasonId}
        onChange={props.onReason}
        error={props.reasonProblem}
        allowDeselect={false}
        // The whole list at once on a phone: a handful of reasons, no typing needed.
        searchable={false}
        comboboxProps={{ withinPortal: true }}
        classNames={{ input: classes.input }}
        data-autofocus
      />
      <Textarea
        label={t(permitsLabels.rejectionNote)}
        description={t(permitsLabels.rejectionNoteDescription)}
        required={picked ? rejectionNoteRequired(picked.value) : false}
        autosize
        minRows={2}
        maxLength={REJECTION_NOTE_MAX}
        value={props.note}
        onChange={(e) => props.onNote(e.currentTarget.value)}
        error={props.noteProblem}
      />
    </>
  );
}
