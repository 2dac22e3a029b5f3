import { Center, Loader, Title } from '@mantine/core';
import { administratorLabels, administratorTitles } from '@hasp/contracts';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { useConnectionInfo } from '../api/status';
import { formatBytes } from '../format';
import { FactList } from './FactList';
import { LoadFailed } from './LoadFailed';
import classes from '../Administrator.module.css';

/** What the signed-in connection is: its database server, size and what it holds. */
export function ConnectionSection() {
  const t = useCaptions();
  const info = useConnectionInfo();
  const l = administratorLabels;
  const title = t(administratorTitles.connection);
  return (
    <section aria-labelledby="admin-connection-heading" className={classes.section}>
      <Title order={2} id="admin-connection-heading" className={classes.sectionTitle}>
        {title}
      </Title>
      {info.isPending ? (
        <Center py="xl">
          <Loader aria-label={title} />
        </Center>
      ) : info.isError ? (
        <LoadFailed onRetry={() => void info.refetch()} />
      ) : (
        <FactList
          label={title}
          facts={[
            { id: 'name', term: t(l.connectionName), value: info.data.name },
            { id: 'mode', term: t(l.mode), value: t(l[`mode::${info.data.mode}`]) },
            { id: 'server-version', term: t(l.serverVersion), value: info.data.serverVersion },
            {
              id: 'database-size',
              term: t(l.databaseSize),
              value: formatBytes(t, info.data.databaseSizeBytes, currentLanguage()),
            },
            {
              id: 'facilities',
              term: t(l.facilityCount),
              value: t(l.activeOfTotal, { active: info.data.activeFacilityCount, total: info.data.facilityCount }),
            },
            {
              id: 'users',
              term: t(l.userCount),
              value: t(l.activeOfTotal, { active: info.data.activeUserCount, total: info.data.userCount }),
            },
            { id: 'sessions', term: t(l.activeSessionCount), value: String(info.data.activeSessionCount) },
          ]}
        />
      )}
    </section>
  );
}
