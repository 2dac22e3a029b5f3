import { useRef } from 'react';
import { Autocomplete } from '@mantine/core';
import { translationsButtons, translationsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { ColumnFilter } from '../filter-rows';

interface ColumnFilterInputProps {
  heading: string;
  filter: ColumnFilter;
  /** The column's values among the rows the other filters accept (only the focused column's are computed). */
  options: string[];
  onChange: (filter: ColumnFilter) => void;
  onFocus: () => void;
}

/** A heading's filter: type to match anywhere, or pick one of the column's values to match it exactly. */
export function ColumnFilterInput({ heading, filter, options, onChange, onFocus }: ColumnFilterInputProps) {
  const t = useCaptions();
  // Mantine reports a pick as a submit followed by a change to the same text.
  const picked = useRef<string | null>(null);
  return (
    <Autocomplete
      size="xs"
      aria-label={t(translationsLabels.filter, { column: heading })}
      placeholder={t(translationsLabels['filter::placeholder'])}
      data={options}
      limit={50}
      maxDropdownHeight={280}
      value={filter.text}
      onFocus={onFocus}
      onOptionSubmit={(value) => {
        picked.current = value;
        onChange({ text: value, exact: true });
      }}
      onChange={(text) => {
        if (text !== picked.current) picked.current = null;
        onChange({ text, exact: text !== '' && text === picked.current });
      }}
      clearable
      onClear={() => {
        picked.current = null;
        onChange({ text: '', exact: false });
      }}
      clearButtonProps={{ 'aria-label': t(translationsButtons.clearFilter, { column: heading }) }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
