import { Badge, Group, Paper, Text } from '@mantine/core';
import { useAuthState } from '../../lib/auth-session';
import { Page } from './Page';
import classes from './UserProfilePage.module.css';

/** The signed-in user's profile: who they are here; language, password and sessions come later. */
export function UserProfilePage() {
  const { session } = useAuthState();
  if (!session) return null;
  const { user, facility, connectionStringName } = session;
  return (
    <Page
      title="User Profile"
      lead="Your account as this facility knows it. Changing your language and password and seeing your active sessions arrive in a later release."
    >
      <Paper withBorder radius="md" p="lg">
        <dl className={classes.details}>
          <dt>Name</dt>
          <dd>{user.displayName}</dd>
          <dt>User name</dt>
          <dd>{user.userName}</dd>
          <dt>E-mail</dt>
          <dd>
            {user.email ?? (
              <Text span c="dimmed">
                None on file
              </Text>
            )}
          </dd>
          <dt>Groups</dt>
          <dd>
            {user.groups.length ? (
              <Group gap="xs">
                {user.groups.map((group) => (
                  <Badge key={group} variant="light" color="steel">
                    {group}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text span c="dimmed">
                None
              </Text>
            )}
          </dd>
          <dt>Facility</dt>
          <dd>{facility.name}</dd>
          <dt>Connection</dt>
          <dd>{connectionStringName}</dd>
          <dt>Sign-in</dt>
          <dd>{user.isActiveDirectoryUser ? 'Directory account' : 'Hasp password'}</dd>
        </dl>
      </Paper>
    </Page>
  );
}
