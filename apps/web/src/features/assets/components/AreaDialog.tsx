import { useState } from 'react';
import { Textarea, TextInput } from '@mantine/core';
import {
  AREA_SUPERVISORS_MAX,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  type Area,
} from '@hasp/contracts';
import { PeoplePicker } from '../../../components/PeoplePicker';
import { useCaptions } from '../../../lib/i18n';
import type { PickedPerson } from '../../../lib/people-lookup';
import { useSaveArea } from '../api/save-area';
import { fieldErrorsOf, isStaleConflict } from '../api/send-asset-change';
import { RecordDialog, RecordDialogForm } from './RecordDialog';

/** Create an area under a parent (null: a top area), or edit one. */
export type AreaDialogMode =
  { kind: 'create'; parent: { ID: number; label: string } | null } | { kind: 'edit'; area: Area };

interface AreaDialogProps {
  mode: AreaDialogMode | null;
  onClose: () => void;
  onSaved: (area: Area, isNew: boolean) => void;
  /** Someone else changed the area: reload what is shown. */
  onConflict: () => void;
}

export function AreaDialog({ mode, onClose, onSaved, onConflict }: AreaDialogProps) {
  const t = useCaptions();
  return (
    <RecordDialog
      opened={mode !== null}
      title={t(mode?.kind === 'edit' ? assetManageTitles.editArea : assetManageTitles.newArea)}
      onClose={onClose}
    >
      {mode && (
        <AreaForm
          key={mode.kind === 'edit' ? mode.area.ID : 'new'}
          mode={mode}
          onCancel={onClose}
          onSaved={onSaved}
          onConflict={onConflict}
        />
      )}
    </RecordDialog>
  );
}

function AreaForm({
  mode,
  onCancel,
  onSaved,
  onConflict,
}: {
  mode: AreaDialogMode;
  onCancel: () => void;
  onSaved: (area: Area, isNew: boolean) => void;
  onConflict: () => void;
}) {
  const t = useCaptions();
  const save = useSaveArea();
  const editing = mode.kind === 'edit' ? mode.area : null;
  const [number, setNumber] = useState(editing?.number ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [supervisors, setSupervisors] = useState<PickedPerson[]>(editing?.supervisors ?? []);
  const [missing, setMissing] = useState<{ number?: boolean; name?: boolean }>({});
  const fieldErrors = fieldErrorsOf(save.error);
  const l = assetManageLabels;

  const submit = () => {
    const gaps = { number: !number.trim(), name: !name.trim() };
    if (gaps.number || gaps.name) {
      setMissing(gaps);
      return;
    }
    const supervisorIds = supervisors.map((p) => p.ID);
    save.mutate(
      {
        id: editing?.ID ?? null,
        input: editing
          ? { number, name, description, supervisorIds, version: editing.version }
          : {
              number,
              name,
              description,
              supervisorIds,
              parentAreaId: mode.kind === 'create' ? (mode.parent?.ID ?? null) : null,
            },
      },
      {
        onSuccess: (saved) => onSaved(saved, editing === null),
        onError: (error) => {
          if (isStaleConflict(error)) onConflict();
        },
      },
    );
  };

  const shownAtField = Boolean(
    fieldErrors.number ?? fieldErrors.name ?? fieldErrors.description ?? fieldErrors.supervisorIds,
  );
  return (
    <RecordDialogForm
      save={save}
      shownAtField={shownAtField}
      parentLabel={mode.kind === 'create' ? (mode.parent?.label ?? t(l.topLevel)) : null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t(l.number)}
        value={number}
        onChange={(event) => {
          setNumber(event.currentTarget.value);
          setMissing((m) => ({ ...m, number: false }));
        }}
        required
        maxLength={50}
        error={missing.number ? t(assetManageMessages.numberRequired) : fieldErrors.number}
        data-autofocus
      />
      <TextInput
        label={t(l.name)}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setMissing((m) => ({ ...m, name: false }));
        }}
        required
        maxLength={200}
        error={missing.name ? t(assetManageMessages.nameRequired) : fieldErrors.name}
      />
      <Textarea
        label={t(l.description)}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={2}
        error={fieldErrors.description}
      />
      <PeoplePicker
        label={t(l.supervisors)}
        description={t(l['supervisors::description'])}
        value={supervisors}
        onChange={setSupervisors}
        maxValues={AREA_SUPERVISORS_MAX}
        dropdownZIndex={500}
        error={fieldErrors.supervisorIds}
      />
    </RecordDialogForm>
  );
}
