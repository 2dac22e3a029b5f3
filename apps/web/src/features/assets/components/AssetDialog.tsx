import { useState } from 'react';
import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import {
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  assetStatuses,
  assetStatusLabels,
  type Asset,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveAsset } from '../api/save-asset';
import { fieldErrorsOf, isStaleConflict } from '../api/send-asset-change';
import { RecordDialog, RecordDialogForm } from './RecordDialog';

/** Where a new asset goes: an area, and optionally a parent asset in it. */
export interface AssetPlacement {
  areaId: number | null;
  parentAssetId: number | null;
  label: string;
}

export type AssetDialogMode = { kind: 'create'; placement: AssetPlacement } | { kind: 'edit'; asset: Asset };

interface AssetDialogProps {
  mode: AssetDialogMode | null;
  onClose: () => void;
  onSaved: (asset: Asset, isNew: boolean) => void;
  onConflict: () => void;
}

export function AssetDialog({ mode, onClose, onSaved, onConflict }: AssetDialogProps) {
  const t = useCaptions();
  return (
    <RecordDialog
      opened={mode !== null}
      title={t(mode?.kind === 'edit' ? assetManageTitles.editAsset : assetManageTitles.newAsset)}
      onClose={onClose}
    >
      {mode && (
        <AssetForm
          key={mode.kind === 'edit' ? mode.asset.ID : 'new'}
          mode={mode}
          onCancel={onClose}
          onSaved={onSaved}
          onConflict={onConflict}
        />
      )}
    </RecordDialog>
  );
}

function AssetForm({
  mode,
  onCancel,
  onSaved,
  onConflict,
}: {
  mode: AssetDialogMode;
  onCancel: () => void;
  onSaved: (asset: Asset, isNew: boolean) => void;
  onConflict: () => void;
}) {
  const t = useCaptions();
  const save = useSaveAsset();
  const editing = mode.kind === 'edit' ? mode.asset : null;
  const [values, setValues] = useState({
    number: editing?.number ?? '',
    description: editing?.description ?? '',
    manufacturer: editing?.manufacturer ?? '',
    location: editing?.location ?? '',
    lotoRequired: editing?.lotoRequired ?? true,
    status: editing?.status ?? 'in_service',
  });
  const [missing, setMissing] = useState<{ number?: boolean; description?: boolean }>({});
  const fieldErrors = fieldErrorsOf(save.error);
  const l = assetManageLabels;
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'number' || key === 'description') setMissing((m) => ({ ...m, [key]: false }));
  };

  const submit = () => {
    const gaps = { number: !values.number.trim(), description: !values.description.trim() };
    if (gaps.number || gaps.description) {
      setMissing(gaps);
      return;
    }
    const input = editing
      ? { ...values, version: editing.version }
      : {
          ...values,
          ...(mode.kind === 'create' && mode.placement.areaId !== null ? { areaId: mode.placement.areaId } : {}),
          parentAssetId: mode.kind === 'create' ? mode.placement.parentAssetId : null,
        };
    save.mutate(
      { id: editing?.ID ?? null, input },
      {
        onSuccess: (saved) => onSaved(saved, editing === null),
        onError: (error) => {
          if (isStaleConflict(error)) onConflict();
        },
      },
    );
  };

  const shownAtField = Object.values(fieldErrors).some(Boolean) && !fieldErrors.version;
  return (
    <RecordDialogForm
      save={save}
      shownAtField={shownAtField}
      parentLabel={mode.kind === 'create' ? mode.placement.label : null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label={t(l.number)}
        value={values.number}
        onChange={(event) => set('number', event.currentTarget.value)}
        required
        maxLength={50}
        error={missing.number ? t(assetManageMessages.numberRequired) : fieldErrors.number}
        data-autofocus
      />
      <TextInput
        label={t(l.description)}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        required
        maxLength={500}
        error={missing.description ? t(assetManageMessages.descriptionRequired) : fieldErrors.description}
      />
      <TextInput
        label={t(l.manufacturer)}
        value={values.manufacturer}
        onChange={(event) => set('manufacturer', event.currentTarget.value)}
        maxLength={200}
        error={fieldErrors.manufacturer}
      />
      <Textarea
        label={t(l.location)}
        value={values.location}
        onChange={(event) => set('location', event.currentTarget.value)}
        maxLength={500}
        autosize
        minRows={1}
        error={fieldErrors.location}
      />
      <Select
        label={t(l.status)}
        data={assetStatuses.map((status) => ({ value: status, label: t(assetStatusLabels[status]) }))}
        value={values.status}
        onChange={(value) => value && set('status', value)}
        allowDeselect={false}
        comboboxProps={{ zIndex: 500 }}
        error={fieldErrors.status}
      />
      <Checkbox
        label={t(l.lotoRequired)}
        description={t(l['lotoRequired::description'])}
        checked={values.lotoRequired}
        onChange={(event) => set('lotoRequired', event.currentTarget.checked)}
      />
    </RecordDialogForm>
  );
}
