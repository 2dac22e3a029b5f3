import { useState } from 'react';
import { Alert, Button, Loader, Text } from '@mantine/core';
import type { UserSession } from '@hasp/contracts';
import { profileButtons, profileDeviceLabels, profileMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useRevokeSession } from '../api/revoke-session';
import { useSessions } from '../api/get-sessions';
import { DeviceItem } from './DeviceItem';
import { RevokeDialog } from './RevokeDialog';
import columns from '../../../components/SettingsColumns.module.css';
import classes from '../Profile.module.css';

/** The devices signed in as this user; any other one can be revoked, this one signs out. */
export function DevicesSection() {
  const t = useCaptions();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  // The target outlives the dialog's closing animation, which still names it.
  const [target, setTarget] = useState<{ session: UserSession; name: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revoked, setRevoked] = useState(false);

  const confirmRevoke = () => {
    if (!target) return;
    revoke.mutate(target.session.ID, {
      onSuccess: () => setRevoked(true),
      onSettled: () => setConfirming(false),
    });
  };

  let body;
  if (sessions.data) {
    body = (
      <ul className={classes.devices}>
        {sessions.data.map((session) => (
          <DeviceItem
            key={session.ID}
            session={session}
            onRevoke={(name) => {
              setRevoked(false);
              setTarget({ session, name });
              setConfirming(true);
            }}
          />
        ))}
      </ul>
    );
  } else if (sessions.isError) {
    body = (
      <Alert color="red" title={t(profileDeviceLabels.loadFailed)}>
        <Button variant="default" size="xs" onClick={() => void sessions.refetch()}>
          {t(profileButtons.retry)}
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Text role="status" c="dimmed">
        <Loader size="xs" mr="xs" />
        {t(profileDeviceLabels.loading)}
      </Text>
    );
  }

  return (
    <section aria-labelledby="profile-devices-heading">
      <h2 id="profile-devices-heading" className={columns.sectionTitle}>
        {t(profileDeviceLabels.heading)}
      </h2>
      <p className={columns.sectionLead}>{t(profileDeviceLabels.lead)}</p>
      {body}
      {sessions.data?.length === 1 && (
        <Text c="dimmed" mt="sm">
          {t(profileDeviceLabels.none)}
        </Text>
      )}
      <Text role="status" className={classes.status} mt={revoked ? 'sm' : 0}>
        {revoked ? t(profileMessages.deviceRevoked) : ''}
      </Text>
      <RevokeDialog
        opened={confirming}
        device={target?.name ?? ''}
        revoking={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
