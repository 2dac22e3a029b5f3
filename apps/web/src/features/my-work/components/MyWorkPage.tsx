import { useId, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { myWorkLabels, myWorkTitles, permitIndexViewCaptions, type MyWorkItem } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { ContentLoader } from '../../../components/ContentLoader';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { useMyWork } from '../api/get-my-work';
import { MyWorkCard } from './MyWorkCard';
import classes from './MyWork.module.css';

/**
 * `/my-work`: "My work today". Online, the server's answer; offline, what `offline` shows (app/
 * composes the device's stored permits there: this feature does not read another's store).
 */
export function MyWorkPage({ offline }: { offline: ReactNode }) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  return (
    <Page title={t(myWorkTitles.page)} lead={t(myWorkTitles.lead)}>
      {networkOnline ? <OnlineWork /> : offline}
    </Page>
  );
}

function OnlineWork() {
  const t = useCaptions();
  const work = useMyWork();
  if (work.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t(myWorkLabels.loading)} />
      </Center>
    );
  if (work.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(myWorkLabels.loadFailed)}
      </Alert>
    );
  const { items, worklists } = work.data;
  const of = (kind: MyWorkItem['kind']) => items.filter((i) => i.kind === kind);
  return (
    <div className={classes.sections}>
      {worklists.length > 0 && (
        <Section title={t(myWorkTitles.worklists)}>
          <ul className={classes.cards}>
            {worklists.map((list) => (
              <li key={list.view} className={classes.card}>
                <Button
                  component={Link}
                  to={`/index?view=${list.view}`}
                  fullWidth
                  size="md"
                  variant={list.count > 0 ? 'filled' : 'light'}
                  className={classes.step}
                >
                  {t(permitIndexViewCaptions[list.view])} · {t(myWorkLabels.waiting, { count: String(list.count) })}
                </Button>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {items.length === 0 && worklists.length === 0 && <Text>{t(myWorkLabels.nothing)}</Text>}
      {items.length > 0 && (
        <>
          <Cards title={t(myWorkTitles.held)} empty={t(myWorkLabels.nothingHeld)} items={of('held')} />
          <Cards title={t(myWorkTitles.crews)} empty={t(myWorkLabels.nothingCrew)} items={of('crew')} />
          <Cards title={t(myWorkTitles.locks)} empty={t(myWorkLabels.nothingLocks)} items={of('lock')} />
        </>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h4" mb="xs" id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function Cards({ title, empty, items }: { title: string; empty: string; items: MyWorkItem[] }) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <ul className={classes.cards}>
          {items.map((item) => (
            <MyWorkCard key={`${item.kind}-${item.permitId}-${item.lock?.serial ?? ''}`} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A permit the device stores that the reader holds, as the offline part lists it. */
export interface OfflineHeldPermit {
  id: string;
  href: string;
  number: string;
  title: string;
  status: string;
}

/** Offline: the permits the reader holds from the device's copies, else why there is nothing. */
export function OfflineMyWork({ permits }: { permits: OfflineHeldPermit[] | undefined }) {
  const t = useCaptions();
  if (permits === undefined) return <ContentLoader />;
  return (
    <Stack gap="sm" className={classes.sections}>
      <Alert color="yellow" variant="light" role="status" title={t(myWorkLabels.offlineTitle)}>
        {t(permits.length ? myWorkLabels.offlineLead : myWorkLabels.offlineNone)}
      </Alert>
      {permits.length > 0 && (
        <ul className={classes.cards}>
          {permits.map((p) => (
            <li key={p.id} className={classes.card}>
              <Text fw={700}>{p.number}</Text>
              <Text className={classes.title}>{p.title}</Text>
              <Text size="sm" c="dimmed">
                {p.status}
              </Text>
              <Button component={Link} to={p.href} fullWidth size="md" className={classes.step}>
                {t(myWorkLabels.openPermit, { number: p.number })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button component={Link} to="/offline/dashboard" variant="light" size="md" className={classes.step}>
        {t(myWorkLabels.offlineDashboard)}
      </Button>
    </Stack>
  );
}
