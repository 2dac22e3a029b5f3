import { Text } from '@mantine/core';

/** The build the user is running (package version + commit), for support calls. */
export function VersionLabel() {
  return (
    <Text size="xs" c="dimmed">
      Version {import.meta.env.VITE_BUILD_VERSION}
    </Text>
  );
}
