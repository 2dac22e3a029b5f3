import { useState, type FormEvent } from 'react';
import { Button, Drawer, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  administratorButtons,
  administratorLabels,
  administratorMessages,
  administratorTitles,
  type AdminFacility,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveFacility } from '../api/facilities';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/send-form';
import { parentChoices } from '../facility-tree';
import classes from '../Administrator.module.css';

interface FacilityDrawerProps {
  /** null: closed; 'new': a new facility; a facility: edit it. */
  editing: AdminFacility | 'new' | null;
  facilities: AdminFacility[];
  onClose: () => void;
  onSaved: (facility: AdminFacility, created: boolean) => void;
}

/** Creates or edits a facility in a side drawer; what was typed stays when saving fails. */
export function FacilityDrawer(props: FacilityDrawerProps) {
  const t = useCaptions();
  const { editing, onClose } = props;
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t(editing === 'new' ? administratorTitles.createFacility : administratorTitles.editFacility)}
      closeButtonProps={{ 'aria-label': t(administratorButtons.close) }}
    >
      {editing !== null && (
        <FacilityForm
          key={editing === 'new' ? 'new' : editing.ID}
          {...props}
          facility={editing === 'new' ? null : editing}
        />
      )}
    </Drawer>
  );
}

function FacilityForm({
  facility,
  facilities,
  onClose,
  onSaved,
}: FacilityDrawerProps & { facility: AdminFacility | null }) {
  const t = useCaptions();
  const save = useSaveFacility();
  const [name, setName] = useState(facility?.name ?? '');
  const [parent, setParent] = useState(facility?.companyID === null || !facility ? '' : String(facility.companyID));
  const [isActive, setIsActive] = useState(facility?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const l = administratorLabels;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setErrors({ name: t(administratorMessages.nameRequired) });
      document.getElementById('facility-name')?.focus();
      return;
    }
    setErrors({});
    const companyID = parent === '' ? null : Number(parent);
    save.mutate(
      facility === null
        ? { id: null, input: { name: trimmed, companyID } }
        : { id: facility.ID, input: { name: trimmed, companyID, isActive } },
      {
        onSuccess: (saved) => onSaved(saved, facility === null),
        onError: (error) => {
          const found = fieldErrorsOf(error);
          setErrors(found);
          document.getElementById(found.name ? 'facility-name' : 'facility-parent')?.focus();
        },
      },
    );
  };

  const choices = parentChoices(facilities, facility?.ID ?? null);
  return (
    <form noValidate onSubmit={submit} className={classes.form}>
      <Stack gap="md">
        {facility === null && <Text size="sm">{t(l.createHelp)}</Text>}
        <TextInput
          id="facility-name"
          label={t(l.name)}
          required
          maxLength={200}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors(({ name: _gone, ...rest }) => rest);
          }}
          error={errors.name}
          data-autofocus
        />
        <NativeSelect
          id="facility-parent"
          label={t(l.parent)}
          value={parent}
          onChange={(event) => {
            setParent(event.currentTarget.value);
            setErrors(({ companyID: _gone, ...rest }) => rest);
          }}
          data={[{ value: '', label: t(l.noParent) }, ...choices.map((f) => ({ value: String(f.ID), label: f.name }))]}
          error={errors.companyID}
        />
        {facility !== null && (
          <Switch
            label={t(l.activeSwitch)}
            description={t(facility.isCurrent ? l.activeOwnHelp : l.activeHelp)}
            checked={isActive}
            disabled={facility.isCurrent && facility.isActive}
            onChange={(event) => setIsActive(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t(administratorButtons.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(administratorButtons.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
