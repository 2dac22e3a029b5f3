import { Group, Select } from '@mantine/core';
import { permitIcons, permitTypesLabels, type PermitIcon } from '@hasp/contracts';
import { Icon, type IconName } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';

// Every icon a permit group or type may use is one the sidebar can draw (a type error otherwise).
const drawable: readonly IconName[] = permitIcons;

interface IconSelectProps {
  value: PermitIcon;
  onChange: (icon: PermitIcon) => void;
  error?: string | undefined;
}

/** Picks an icon of the sidebar's set, each option shown with its drawing. */
export function IconSelect({ value, onChange, error }: IconSelectProps) {
  const t = useCaptions();
  const data = drawable.map((name) => ({ value: name, label: t(permitTypesLabels[`icon::${name as PermitIcon}`]) }));
  return (
    <Select
      label={t(permitTypesLabels.icon)}
      data={data}
      value={value}
      allowDeselect={false}
      comboboxProps={{ zIndex: 500 }}
      leftSection={<Icon name={value} size={18} />}
      renderOption={({ option }) => (
        <Group gap="sm" wrap="nowrap">
          <Icon name={option.value} size={18} />
          <span>{option.label}</span>
        </Group>
      )}
      error={error}
      onChange={(next) => {
        if (next) onChange(next as PermitIcon);
      }}
    />
  );
}
