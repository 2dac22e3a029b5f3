import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { abandonedRemovalButtons as B, abandonedRemovalLabels as L } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { reasonOf } from '../../../lib/send-form';
import { signOut } from '../../../lib/sign-out';
import { useMyRemovals } from '../api/get-my-removals';
import { AcknowledgeRemovals } from './AcknowledgeRemovals';
import classes from '../AbandonedRemovals.module.css';

/**
 * Wraps the whole signed-in area (app/signed-in): until the server says the user has no (e)(3)
 * removal left to acknowledge, nothing else renders — whatever the URL, since every route is a
 * child. Asked once per sign-in. Offline the server cannot be asked, so the app works as it would;
 * a failed answer blocks with "Try again" rather than letting a removal go unseen.
 */
export function AcknowledgementGate({ children }: { children: ReactNode }) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const removals = useMyRemovals(networkOnline);
  const client = useQueryClient();
  const leave = () => void signOut(client);

  if (!networkOnline && removals.data === undefined) return children;
  if (removals.isPending)
    return (
      <Center mih="50vh">
        <Loader aria-label={t(L.loading)} />
      </Center>
    );
  if (removals.isError)
    return (
      <main className={classes.screen}>
        <Stack>
          <Alert color="red" variant="light" role="alert" title={t(L.checkFailed)}>
            {reasonOf(removals.error)}
          </Alert>
          <Group justify="space-between">
            <Button variant="subtle" size="md" className={classes.touch} onClick={leave}>
              {t(B.signOut)}
            </Button>
            <Button size="md" className={classes.touch} onClick={() => void removals.refetch()}>
              {t(B.tryAgain)}
            </Button>
          </Group>
        </Stack>
      </main>
    );
  if (removals.data.length > 0) return <AcknowledgeRemovals removals={removals.data} onSignOut={leave} />;
  return children;
}
