import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../lib/i18n';
import { usePeopleSearch, type PickedPerson } from '../lib/people-lookup';
import classes from './PersonPicker.module.css';

interface PeoplePickerProps {
  label: string;
  description?: string;
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  error?: string;
  maxValues?: number;
  /** Above a dialog's layer (Asset Manage's dialogs sit at 400). */
  dropdownZIndex?: number;
}

/**
 * Picks several users of the facility by name (GET /api/users, as PersonPicker does for one): an
 * area's supervisors. The chosen stay listed with their names while the search shows others.
 */
export function PeoplePicker({
  label,
  description,
  value,
  onChange,
  error,
  maxValues,
  dropdownZIndex,
}: PeoplePickerProps) {
  const t = useCaptions();
  const [search, setSearch] = useState('');
  const people = usePeopleSearch(search);
  const options = [...value];
  for (const p of people.data ?? []) if (!options.some((o) => o.ID === p.ID)) options.push(p);
  return (
    <MultiSelect
      label={label}
      description={description}
      searchable
      clearable
      error={error}
      maxValues={maxValues}
      nothingFoundMessage={t(people.isFetching ? permitsLabels.personSearching : permitsLabels.personNoMatch)}
      data={options.map((p) => ({ value: String(p.ID), label: p.displayName }))}
      value={value.map((p) => String(p.ID))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) =>
        onChange(
          ids
            .map((id) => options.find((p) => String(p.ID) === id))
            .filter((p): p is PickedPerson => p !== undefined)
            .map((p) => ({ ID: p.ID, displayName: p.displayName })),
        )
      }
      classNames={{ input: classes.input, option: classes.touch }}
      comboboxProps={{ withinPortal: true, ...(dropdownZIndex ? { zIndex: dropdownZIndex } : {}) }}
    />
  );
}
