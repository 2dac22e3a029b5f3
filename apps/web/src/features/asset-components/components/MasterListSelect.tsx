import { NativeSelect } from '@mantine/core';
import { componentManageLabels, componentManageMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { PickerOption } from '../form-values';

interface MasterListSelectProps {
  id: string;
  label: string;
  options: PickerOption[];
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A master-list picker: the active entries, and the record's own retired entry when it has one. */
export function MasterListSelect({ id, label, options, value, error, onChange }: MasterListSelectProps) {
  const t = useCaptions();
  const offered = options.filter((o) => !o.inactive);
  return (
    <NativeSelect
      id={id}
      label={label}
      required
      value={value}
      error={error}
      description={offered.length === 0 ? t(componentManageMessages.noActiveTypes) : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: '—', disabled: true },
        ...options.map((o) => ({
          value: o.value,
          label: o.inactive ? t(componentManageLabels.inactiveChoice, { value: o.label }) : o.label,
        })),
      ]}
    />
  );
}
