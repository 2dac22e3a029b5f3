import { useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import {
  groupManageButtons,
  groupManageLabels,
  groupManageMessages,
  groupManageTitles,
  type GroupSummary,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSaveGroup } from '../api/save-group';
import { fieldErrorsOf, reasonOf } from '../api/send-change';
import { FormButtons } from '../../../components/FormButtons';

interface GroupDialogProps {
  opened: boolean;
  /** The group to rename; null creates one. */
  group: GroupSummary | null;
  onClose: () => void;
  onSaved: (group: GroupSummary, isNew: boolean) => void;
}

/** Create a group, or change its name and description. A refused save keeps what was typed. */
export function GroupDialog({ opened, group, onClose, onSaved }: GroupDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(group ? groupManageTitles.rename : groupManageTitles.create)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(groupManageButtons.close) }}
    >
      {opened && <GroupForm key={group?.ID ?? 'new'} group={group} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function GroupForm({
  group,
  onCancel,
  onSaved,
}: {
  group: GroupSummary | null;
  onCancel: () => void;
  onSaved: (group: GroupSummary, isNew: boolean) => void;
}) {
  const t = useCaptions();
  const save = useSaveGroup();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [nameMissing, setNameMissing] = useState(false);
  const fieldErrors = fieldErrorsOf(save.error);
  const l = groupManageLabels;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    save.mutate(
      { id: group?.ID ?? null, input: { name, description } },
      { onSuccess: (saved) => onSaved(saved, group === null) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && !fieldErrors.name && (
          <Alert color="red" variant="light" role="alert">
            {t(groupManageMessages.saveFailed, { reason: reasonOf(save.error) })}
          </Alert>
        )}
        <TextInput
          label={t(l.name)}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameMissing(false);
          }}
          required
          maxLength={100}
          error={nameMissing ? t(groupManageMessages.nameRequired) : fieldErrors.name}
          data-autofocus
        />
        <Textarea
          label={t(l.description)}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={fieldErrors.description}
        />
        <FormButtons
          cancelLabel={t(groupManageButtons.cancel)}
          saveLabel={t(groupManageButtons.save)}
          saving={save.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
