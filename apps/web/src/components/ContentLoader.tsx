import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { shellLabels } from '@hasp/contracts';
import { translate } from '../lib/i18n';

/** Shown in the content area while a page's code or its first data loads. */
export function ContentLoader() {
  return (
    <Center mih="40vh" role="status">
      <Loader color="steel" />
      <VisuallyHidden>{translate(shellLabels.loading)}</VisuallyHidden>
    </Center>
  );
}
