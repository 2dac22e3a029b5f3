import { Button, Group } from '@mantine/core';
import { componentManageButtons } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

/** Cancel and Save at the foot of a drawer form. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const t = useCaptions();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t(componentManageButtons.cancel)}
      </Button>
      <Button type="submit" loading={saving}>
        {t(componentManageButtons.save)}
      </Button>
    </Group>
  );
}
