import { lazy } from 'react';
import { Paper } from '@mantine/core';
import { NotificationOptOuts } from '../../features/notification-templates';

// The profile page is loaded with this route (the shell carries only the profile's language hook).
const ProfilePage = lazy(async () => ({
  default: (await import('../../features/profile/components/ProfilePage')).ProfilePage,
}));

/** `/user-profile`: the profile, and below it the notifications the user receives (notification-templates). */
export function UserProfileRoute() {
  return (
    <ProfilePage>
      <Paper withBorder radius="md" p="lg">
        <NotificationOptOuts />
      </Paper>
    </ProfilePage>
  );
}
