import { useState } from 'react';
import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import {
  LOCK_NOTE_MAX,
  LOCK_SERIAL_MAX,
  lockKindCaptions,
  lockKinds,
  lockManageButtons as B,
  lockManageLabels as L,
  lockManageMessages as M,
  type Lock,
  type LockKind,
} from '@hasp/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf, refusedFieldsOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useSaveLock } from '../api/locks-api';
import classes from '../Locks.module.css';

interface LockFormModalProps {
  /** null: register a new lock. */
  lock: Lock | null;
  colours: { ID: number; caption: string }[];
  onClose: () => void;
}

/** Register or edit a lock: serial, kind, colour (the lock-colours master list), note. */
export function LockFormModal({ lock, colours, onClose }: LockFormModalProps) {
  const t = useCaptions();
  const save = useSaveLock();
  const [key] = useState(() => crypto.randomUUID());
  const [serial, setSerial] = useState(lock?.serial ?? '');
  const [kind, setKind] = useState<LockKind>(lock?.kind ?? 'padlock');
  const [colourId, setColourId] = useState(lock?.colour ? String(lock.colour.ID) : '');
  const [note, setNote] = useState(lock?.note ?? '');
  const [serialMissing, setSerialMissing] = useState(false);
  const fields = refusedFieldsOf(save.error);
  // A refusal at no field of the form (a stale version, a lock in use): its reason, above the buttons.
  const atField = fields.serial ?? fields.kind ?? fields.colourId ?? fields.note;
  const otherProblem = save.error && !atField ? reasonOf(save.error) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!serial.trim()) return setSerialMissing(true);
    setSerialMissing(false);
    save.mutate(
      {
        lock,
        key,
        input: { serial: serial.trim(), kind, colourId: colourId ? Number(colourId) : null, note: note.trim() },
      },
      {
        onSuccess: (saved) => {
          showToast({
            title: t(M.toastTitle, { serial: saved.serial }),
            message: t(lock ? M.saved : M.registered),
            tone: 'success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={lock ? t(L.formEdit, { serial: lock.serial }) : t(L.formRegister)}
      onClose={onClose}
      onSubmit={submit}
      closeLabel={t(B.dismiss)}
      cancelLabel={t(B.cancel)}
      submitLabel={t(lock ? B.save : B.registerSubmit)}
      submitting={save.isPending}
      problem={otherProblem}
    >
      <TextInput
        label={t(L.serial)}
        required
        maxLength={LOCK_SERIAL_MAX}
        value={serial}
        onChange={(e) => setSerial(e.currentTarget.value)}
        error={serialMissing ? t(L.serialRequired) : fields.serial}
        classNames={{ input: classes.touch }}
        data-autofocus
      />
      <NativeSelect
        label={t(L.kind)}
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as LockKind)}
        data={lockKinds.map((k) => ({ value: k, label: t(lockKindCaptions[k]) }))}
        error={fields.kind}
        classNames={{ input: classes.touch }}
      />
      <NativeSelect
        label={t(L.colour)}
        value={colourId}
        onChange={(e) => setColourId(e.currentTarget.value)}
        data={[{ value: '', label: t(L.noColour) }, ...colours.map((c) => ({ value: String(c.ID), label: c.caption }))]}
        error={fields.colourId}
        classNames={{ input: classes.touch }}
      />
      <Textarea
        label={t(L.note)}
        autosize
        minRows={2}
        maxLength={LOCK_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={fields.note}
      />
    </FormDialog>
  );
}
