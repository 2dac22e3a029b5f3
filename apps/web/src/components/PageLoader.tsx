import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while the first screen decides where to go (session check, code loading). */
export function PageLoader() {
  return (
    <Center mih="100dvh" role="status">
      <Loader color="steel" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
