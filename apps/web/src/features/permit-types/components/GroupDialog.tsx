import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import {
  permitTypesButtons,
  permitTypesLabels,
  permitTypesMessages,
  permitTypesTitles,
  type PermitGroup,
  type PermitIcon,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSavePermitGroup } from '../api/save-permit-group';
import { fieldErrorsOf, reasonOf } from '../api/send-change';
import { IconSelect } from './IconSelect';

interface GroupDialogProps {
  opened: boolean;
  /** The group to edit; null creates one. */
  group: PermitGroup | null;
  onClose: () => void;
}

/** Create a permit group, or rename it and change its icon. A refused save keeps what was typed. */
export function GroupDialog({ opened, group, onClose }: GroupDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(group ? permitTypesTitles.editGroup : permitTypesTitles.newGroup)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(permitTypesButtons.close) }}
    >
      {opened && <GroupForm key={group?.ID ?? 'new'} group={group} onDone={onClose} />}
    </Modal>
  );
}

function GroupForm({ group, onDone }: { group: PermitGroup | null; onDone: () => void }) {
  const t = useCaptions();
  const save = useSavePermitGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [icon, setIcon] = useState<PermitIcon>((group?.icon as PermitIcon | undefined) ?? 'folder');
  const [missing, setMissing] = useState(false);
  const fieldErrors = fieldErrorsOf(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    save.mutate({ id: group?.ID ?? null, input: { name: name.trim(), icon } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && !fieldErrors.name && (
          <Alert color="red" variant="light" role="alert">
            {t(permitTypesMessages.saveFailed, { reason: reasonOf(save.error) })}
          </Alert>
        )}
        <TextInput
          label={t(permitTypesLabels.name)}
          value={name}
          required
          maxLength={60}
          data-autofocus
          error={missing ? t(permitTypesMessages.required, { field: t(permitTypesLabels.name) }) : fieldErrors.name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <IconSelect value={icon} onChange={setIcon} error={fieldErrors.icon} />
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
