import { Alert, Button, Group, Text } from '@mantine/core';
import { componentManageButtons, componentManageMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { SaveFailure } from '../use-record-form';

interface FormAlertsProps {
  failure: SaveFailure;
  hasFieldErrors: boolean;
  /** Fetches the asset again after a conflict (the form keeps what was typed). */
  onReload: () => void;
}

/** Above a form: why the save failed, when it is not (only) at a field. */
export function FormAlerts({ failure, hasFieldErrors, onReload }: FormAlertsProps) {
  const t = useCaptions();
  if (failure?.kind === 'conflict') {
    return (
      <Alert color="orange" variant="light" role="alert">
        <Text size="sm">{t(componentManageMessages.conflict)}</Text>
        <Group mt="xs">
          <Button size="xs" variant="default" onClick={onReload}>
            {t(componentManageButtons.reload)}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (failure?.kind === 'message') {
    return (
      <Alert color="red" variant="light" role="alert">
        {failure.text}
      </Alert>
    );
  }
  if (!hasFieldErrors) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {t(componentManageMessages.fixFields)}
    </Alert>
  );
}
