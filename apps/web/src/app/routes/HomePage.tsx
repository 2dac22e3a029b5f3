import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME, truncateFacilityName } from '@hasp/contracts';
import { useAuthState } from '../../lib/auth-session';
import classes from './HomePage.module.css';

/** Placeholder home until the layout issue brings dashboards and announcements. */
export function HomePage() {
  const { session } = useAuthState();
  if (!session) return null;
  const { user, facility, connectionStringName } = session;
  return (
    <Container size="sm" py="xl">
      <title>{PRODUCT_NAME}</title>
      <Stack gap="lg">
        <div>
          <Text className={classes.eyebrow}>
            {PRODUCT_NAME}
            <sup>®</sup> · Signed in
          </Text>
          <Title order={1} className={classes.title}>
            Welcome, {user.displayName}
          </Title>
        </div>
        <Paper withBorder radius="md" p="lg">
          <dl className={classes.details}>
            <dt>User</dt>
            <dd>
              {user.displayName} <span className={classes.muted}>({user.userName})</span>
            </dd>
            <dt>Facility</dt>
            <dd title={facility.name}>{truncateFacilityName(facility.name)}</dd>
            <dt>Connection</dt>
            <dd>{connectionStringName}</dd>
          </dl>
        </Paper>
        <Text c="dimmed" size="sm">
          Permits, isolations, tags and announcements for this facility will appear here.
        </Text>
      </Stack>
    </Container>
  );
}
