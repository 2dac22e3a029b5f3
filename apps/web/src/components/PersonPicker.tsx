import { Select } from '@mantine/core';
import { useState } from 'react';
import { permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../lib/i18n';
import { usePeopleSearch, type PickedPerson } from '../lib/people-lookup';
import classes from './PersonPicker.module.css';

interface PersonPickerProps {
  label: string;
  description?: string;
  value: PickedPerson | null;
  onChange: (person: PickedPerson | null) => void;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  placeholder?: string;
  /** People who may not be picked here (the current holder, when handing over). */
  exclude?: number[];
}

/**
 * Picks a user of the facility by name (GET /api/users): the permit's holder, a new holder, and the
 * permit index's people filters — the one people picker of the app.
 */
export function PersonPicker({
  label,
  description,
  value,
  onChange,
  disabled,
  required,
  error,
  placeholder,
  exclude = [],
}: PersonPickerProps) {
  const t = useCaptions();
  const [search, setSearch] = useState(value?.displayName ?? '');
  // A value set from outside (a shared URL's filter named late, "Clear filters") shows its name.
  const [shown, setShown] = useState(value);
  if (shown?.ID !== value?.ID || shown?.displayName !== value?.displayName) {
    setShown(value);
    setSearch(value?.displayName ?? '');
  }
  const typed = search === (value?.displayName ?? '') ? '' : search;
  const people = usePeopleSearch(typed, !disabled);
  const options = (people.data ?? []).filter((p) => !exclude.includes(p.ID));
  if (value && !options.some((p) => p.ID === value.ID)) options.unshift({ ...value, userName: '' });
  return (
    <Select
      label={label}
      description={description}
      searchable
      clearable={!required}
      required={required}
      disabled={disabled}
      error={error}
      placeholder={placeholder}
      nothingFoundMessage={t(people.isFetching ? permitsLabels.personSearching : permitsLabels.personNoMatch)}
      data={options.map((p) => ({ value: String(p.ID), label: p.displayName }))}
      value={value ? String(value.ID) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const person = options.find((p) => String(p.ID) === id);
        onChange(person ? { ID: person.ID, displayName: person.displayName } : null);
      }}
      classNames={{ input: classes.input, option: classes.touch }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
