import { Alert, Button } from '@mantine/core';
import { administratorButtons, administratorMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

/** A section whose data could not be loaded (the error toast said why): a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useCaptions();
  return (
    <Alert color="red" variant="light" title={t(administratorMessages.loadFailed)}>
      <Button variant="default" mt="xs" onClick={onRetry}>
        {t(administratorButtons.retry)}
      </Button>
    </Alert>
  );
}
