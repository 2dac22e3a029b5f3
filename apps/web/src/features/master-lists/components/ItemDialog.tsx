import { useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import {
  MASTER_LIST_CAPTION_MAX,
  MASTER_LIST_VALUE_MAX,
  masterListButtons,
  masterListLabels,
  masterListMessages,
  type ManagedMasterListItem,
  type MasterListKey,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useChangeItem } from '../api/change-items';
import { fieldErrorsOf, reasonOf } from '../api/send-change';
import { FormButtons } from '../../../components/FormButtons';

interface ItemDialogProps {
  listKey: MasterListKey;
  opened: boolean;
  /** The item whose caption to change; null adds an item. */
  item: ManagedMasterListItem | null;
  title: string;
  onClose: () => void;
  onSaved: (item: ManagedMasterListItem, isNew: boolean) => void;
}

/** Add an item (value and caption), or change an item's caption. A refused save keeps what was typed. */
export function ItemDialog({ listKey, opened, item, title, onClose, onSaved }: ItemDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(masterListButtons.close) }}
    >
      {opened && (
        <ItemForm key={item?.ID ?? 'new'} listKey={listKey} item={item} onCancel={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function ItemForm({
  listKey,
  item,
  onCancel,
  onSaved,
}: {
  listKey: MasterListKey;
  item: ManagedMasterListItem | null;
  onCancel: () => void;
  onSaved: (item: ManagedMasterListItem, isNew: boolean) => void;
}) {
  const t = useCaptions();
  const change = useChangeItem(listKey);
  const [value, setValue] = useState('');
  const [caption, setCaption] = useState(item?.caption ?? '');
  const [missing, setMissing] = useState<'value' | 'caption' | null>(null);
  const fieldErrors = fieldErrorsOf(change.error);
  const l = masterListLabels;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (item === null && !value.trim()) return setMissing('value');
    if (item !== null && !caption.trim()) return setMissing('caption');
    const saved = (result: unknown) => onSaved(result as ManagedMasterListItem, item === null);
    if (item === null) {
      change.mutate({ kind: 'create', input: { value, ...(caption.trim() ? { caption } : {}) } }, { onSuccess: saved });
    } else {
      change.mutate({ kind: 'caption', item, caption }, { onSuccess: saved });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {change.isError && !fieldErrors.value && !fieldErrors.caption && (
          <Alert color="red" variant="light" role="alert">
            {t(masterListMessages.failed, { reason: reasonOf(change.error) })}
          </Alert>
        )}
        {item === null ? (
          <TextInput
            label={t(l.value)}
            description={t(l['value::description'])}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setMissing(null);
            }}
            required
            maxLength={MASTER_LIST_VALUE_MAX}
            error={missing === 'value' ? t(masterListMessages.valueRequired) : fieldErrors.value}
            data-autofocus
          />
        ) : (
          <TextInput label={t(l.value)} value={item.value} readOnly variant="filled" />
        )}
        <TextInput
          label={t(l.caption)}
          description={t(l['caption::description'])}
          value={caption}
          onChange={(event) => {
            setCaption(event.currentTarget.value);
            setMissing(null);
          }}
          required={item !== null}
          maxLength={MASTER_LIST_CAPTION_MAX}
          error={missing === 'caption' ? t(masterListMessages.captionRequired) : fieldErrors.caption}
          data-autofocus={item !== null || undefined}
        />
        <FormButtons
          cancelLabel={t(masterListButtons.cancel)}
          saveLabel={t(masterListButtons.save)}
          saving={change.isPending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
