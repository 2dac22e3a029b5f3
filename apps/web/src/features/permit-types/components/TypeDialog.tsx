import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  permitSections,
  permitTypesButtons,
  permitTypesLabels,
  permitTypesMessages,
  permitTypesTitles,
  type PermitSection,
  type PermitType,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { usePermitTypes } from '../api/get-permit-types';
import { useSavePermitType } from '../api/save-permit-type';
import { fieldErrorsOf, reasonOf } from '../api/send-change';
import { typeFormValuesOf, typeInputOf, typeProblems, type TypeField, type TypeFormValues } from '../type-form';
import { IconSelect } from './IconSelect';

interface TypeDialogProps {
  opened: boolean;
  /** The type to edit; null creates one. */
  type: PermitType | null;
  /** Where a new type goes (null: the first group). */
  groupId: number | null;
  onClose: () => void;
}

// The demo types' colours, offered as swatches.
const swatches = ['#c92a2a', '#e8590c', '#f08c00', '#2b8a3e', '#0b7285', '#1971c2', '#5f3dc4', '#495057'];

/** Create a permit type, or edit one (its code never changes). A refused save keeps what was typed. */
export function TypeDialog({ opened, type, groupId, onClose }: TypeDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(type ? permitTypesTitles.editType : permitTypesTitles.newType)}
      centered
      size="lg"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(permitTypesButtons.close) }}
    >
      {opened && <TypeForm key={type?.ID ?? `new-${groupId}`} type={type} groupId={groupId} onDone={onClose} />}
    </Modal>
  );
}

function TypeForm({ type, groupId, onDone }: { type: PermitType | null; groupId: number | null; onDone: () => void }) {
  const t = useCaptions();
  const l = permitTypesLabels;
  const m = permitTypesMessages;
  const groups = usePermitTypes().data?.groups ?? [];
  const save = useSavePermitType();
  const [values, setValues] = useState<TypeFormValues>(() => typeFormValuesOf(type, groupId ?? groups[0]?.ID ?? null));
  const [problems, setProblems] = useState<ReturnType<typeof typeProblems>>({});
  const serverErrors = fieldErrorsOf(save.error);
  const isNew = type === null;
  const labels: Record<TypeField, string> = {
    code: t(l.code),
    name: t(l.name),
    color: t(l.color),
    prefix: t(l.prefix),
    maxValidityHours: t(l.maxValidityHours),
    maxExtensions: t(l.maxExtensions),
    gasRetestMinutes: t(l.gasRetestMinutes),
    groupId: t(l.group),
  };
  const set = <K extends keyof TypeFormValues>(field: K, value: TypeFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field as TypeField]: _gone, ...rest }) => rest);
    if (save.isError) save.reset();
  };
  const errorOf = (field: TypeField) => {
    const problem = problems[field];
    if (problem === 'required') return t(m.required, { field: labels[field] });
    if (problem) return t(m[problem]);
    return serverErrors[field];
  };
  const fieldId = (field: TypeField) => `permit-type-${field}`;
  /** A required whole number (hours, extensions, minutes) with its description under the label. */
  const countField = (field: 'maxValidityHours' | 'maxExtensions' | 'gasRetestMinutes') => (
    <TextInput
      id={fieldId(field)}
      label={labels[field]}
      description={t(l[`${field}::description`])}
      required
      inputMode="numeric"
      autoComplete="off"
      value={values[field]}
      error={errorOf(field)}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = typeProblems(values, isNew);
    setProblems(found);
    const first = (Object.keys(labels) as TypeField[]).find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const { code, ...input } = typeInputOf(values);
    save.mutate(
      isNew ? { id: null, input: { code, ...input } } : { id: type.ID, input: { ...input, isActive: values.isActive } },
      {
        onSuccess: onDone,
      },
    );
  };
  const namedFields = Object.keys(serverErrors).some((f) => f in labels);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && !namedFields && (
          <Alert color="red" variant="light" role="alert">
            {t(m.saveFailed, { reason: reasonOf(save.error) })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            id={fieldId('code')}
            label={labels.code}
            description={t(l['code::description'])}
            required
            disabled={!isNew}
            maxLength={20}
            autoComplete="off"
            value={values.code}
            error={errorOf('code')}
            data-autofocus={isNew || undefined}
            onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
          />
          <TextInput
            id={fieldId('name')}
            label={labels.name}
            required
            maxLength={80}
            autoComplete="off"
            value={values.name}
            error={errorOf('name')}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            id={fieldId('prefix')}
            label={labels.prefix}
            description={t(l['prefix::description'])}
            required
            maxLength={20}
            autoComplete="off"
            value={values.prefix}
            error={errorOf('prefix')}
            onChange={(event) => set('prefix', event.currentTarget.value)}
          />
          {countField('maxValidityHours')}
          {countField('maxExtensions')}
          <IconSelect value={values.icon} onChange={(icon) => set('icon', icon)} error={serverErrors.icon} />
          <ColorInput
            id={fieldId('color')}
            label={labels.color}
            required
            format="hex"
            withEyeDropper={false}
            swatches={swatches}
            value={values.color}
            error={errorOf('color')}
            popoverProps={{ zIndex: 500 }}
            onChange={(color) => set('color', color)}
          />
          <Select
            id={fieldId('groupId')}
            label={labels.groupId}
            required
            allowDeselect={false}
            comboboxProps={{ zIndex: 500 }}
            data={groups.map((g) => ({ value: String(g.ID), label: g.name }))}
            value={values.groupId}
            error={errorOf('groupId')}
            onChange={(next) => set('groupId', next ?? '')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t(l.sections)}
          value={values.sections}
          error={serverErrors.sections}
          onChange={(next) =>
            set(
              'sections',
              permitSections.filter((s): s is PermitSection => next.includes(s)),
            )
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {permitSections.map((s) => (
              <Checkbox key={s} value={s} label={t(l[`section::${s}`])} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch
          label={t(l.offlineEnabled)}
          description={t(l['offlineEnabled::description'])}
          checked={values.offlineEnabled}
          onChange={(event) => set('offlineEnabled', event.currentTarget.checked)}
        />
        {values.sections.includes('hazard-analysis') && (
          <Checkbox
            label={t(l.hazardAnalysisRequired)}
            description={t(l['hazardAnalysisRequired::description'])}
            checked={values.hazardAnalysisRequired}
            onChange={(event) => set('hazardAnalysisRequired', event.currentTarget.checked)}
          />
        )}
        {values.sections.includes('crew-sign-on') && (
          <Checkbox
            label={t(l.tagPerPersonalLock)}
            description={t(l['tagPerPersonalLock::description'])}
            checked={values.tagPerPersonalLock}
            onChange={(event) => set('tagPerPersonalLock', event.currentTarget.checked)}
          />
        )}
        {values.sections.includes('gas-tests') && countField('gasRetestMinutes')}
        {!isNew && (
          <Switch
            label={t(l.active)}
            description={t(l['active::description'])}
            checked={values.isActive}
            onChange={(event) => set('isActive', event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t(permitTypesButtons.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(permitTypesButtons.save)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
