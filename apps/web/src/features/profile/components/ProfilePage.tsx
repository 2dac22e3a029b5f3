import type { ReactNode } from 'react';
import { Alert, Button, Loader, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileButtons, profileLabels } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { profileQueryOptions } from '../api/get-profile';
import { DetailsForm } from './DetailsForm';
import { DevicesSection } from './DevicesSection';
import { PasswordForm } from './PasswordForm';
import columns from '../../../components/SettingsColumns.module.css';

/** The signed-in user's own profile: details and language, password, signed-in devices, and what app/ adds below. */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const t = useCaptions();
  const { session } = useAuthState();
  const profile = useQuery({
    ...profileQueryOptions(session?.connectionStringName ?? '', session?.user.ID ?? 0),
    enabled: session !== null,
  });
  if (!session) return null;

  let details;
  if (profile.data) {
    details = (
      <div className={columns.columns}>
        <Paper withBorder radius="md" p="lg">
          <DetailsForm key={profile.data.ID} profile={profile.data} connection={session.connectionStringName} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <PasswordForm isDirectoryUser={profile.data.isActiveDirectoryUser} />
        </Paper>
      </div>
    );
  } else if (profile.isError) {
    details = (
      <Alert color="red" title={t(profileLabels.loadFailed)}>
        <Button variant="default" size="xs" onClick={() => void profile.refetch()}>
          {t(profileButtons.retry)}
        </Button>
      </Alert>
    );
  } else {
    details = (
      <Text role="status" c="dimmed">
        <Loader size="xs" mr="xs" />
        {t(profileLabels.loading)}
      </Text>
    );
  }

  return (
    <Page title={t(profileLabels.title)} lead={t(profileLabels.lead)}>
      {details}
      <Paper withBorder radius="md" p="lg">
        <DevicesSection />
      </Paper>
      {children}
    </Page>
  );
}
