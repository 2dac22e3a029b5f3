import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { shellLabels } from '@hasp/contracts';
import { translate } from '../lib/i18n';

/** Shown while the first screen decides where to go (session check, code loading). */
export function PageLoader() {
  return (
    <Center mih="100dvh" role="status">
      <Loader color="steel" />
      <VisuallyHidden>{translate(shellLabels.loading)}</VisuallyHidden>
    </Center>
  );
}
