import { Button, Group } from '@mantine/core';

interface FormButtonsProps {
  /** The screen's own captions (each feature has its translated Cancel and Save). */
  cancelLabel: string;
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
}

/** Cancel and Save at the foot of a dialog or drawer form; Save submits the form. */
export function FormButtons({ cancelLabel, saveLabel, saving, onCancel }: FormButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
