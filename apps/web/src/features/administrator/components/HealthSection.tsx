import { Badge, Button, Center, Group, Loader, Table, Title } from '@mantine/core';
import { administratorButtons, administratorLabels, administratorTitles } from '@hasp/contracts';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { useServerHealth } from '../api/status';
import { useJobsHealth } from '../api/jobs';
import { formatBytes, formatMoment, formatUptime } from '../format';
import { badgeColors } from '../badge-colors';
import { FactList } from './FactList';
import { JobsSection } from './JobsSection';
import { LoadFailed } from './LoadFailed';
import classes from '../Administrator.module.css';

/** The server process and each database's readiness, checked again on demand. */
export function HealthSection() {
  const t = useCaptions();
  const health = useServerHealth();
  const jobs = useJobsHealth();
  const refresh = () => {
    void health.refetch();
    void jobs.refetch();
  };
  const l = administratorLabels;
  const title = t(administratorTitles.health);
  const language = currentLanguage();
  const data = health.data;
  return (
    <section
      aria-labelledby="admin-health-heading"
      className={classes.section}
      aria-busy={health.isFetching || jobs.isFetching}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id="admin-health-heading" className={classes.sectionTitle}>
          {title}
        </Title>
        <Button variant="default" onClick={refresh} loading={health.isFetching || jobs.isFetching}>
          {t(administratorButtons.refresh)}
        </Button>
      </Group>
      {health.isPending ? (
        <Center py="xl">
          <Loader aria-label={title} />
        </Center>
      ) : !data ? (
        <LoadFailed onRetry={() => void health.refetch()} />
      ) : (
        <>
          <FactList
            label={title}
            facts={[
              {
                id: 'status',
                term: t(l.overall),
                value: (
                  <Badge
                    className={classes.badge}
                    variant="outline"
                    color={data.status === 'ok' ? badgeColors.good : badgeColors.bad}
                  >
                    {t(l[`overall::${data.status}`])}
                  </Badge>
                ),
              },
              { id: 'version', term: t(l.version), value: data.version },
              { id: 'node', term: t(l.nodeVersion), value: data.nodeVersion },
              { id: 'uptime', term: t(l.uptime), value: formatUptime(t, data.uptimeSeconds) },
              { id: 'started', term: t(l.startedAt), value: formatMoment(data.startedAt, language) },
              { id: 'memory', term: t(l.memory), value: formatBytes(t, data.memory.rssBytes, language) },
              {
                id: 'heap',
                term: t(l.heap),
                value: t(l.heapOfTotal, {
                  used: formatBytes(t, data.memory.heapUsedBytes, language),
                  total: formatBytes(t, data.memory.heapTotalBytes, language),
                }),
              },
              { id: 'checked', term: t(l.checkedAt), value: formatMoment(data.checkedAt, language) },
            ]}
          />
          <Title order={3} className={classes.subTitle} id="admin-databases-heading">
            {t(administratorTitles.connections)}
          </Title>
          <Table verticalSpacing="xs" aria-labelledby="admin-databases-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(l.database)}</Table.Th>
                <Table.Th scope="col">{t(l.status)}</Table.Th>
                <Table.Th scope="col">{t(l.latency)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.connections.map((c) => (
                <Table.Tr key={c.name} data-connection={c.name}>
                  <Table.Th scope="row" className={classes.rowHeader}>
                    {c.name}
                  </Table.Th>
                  <Table.Td>
                    <Badge
                      className={classes.badge}
                      variant="outline"
                      color={c.ok ? badgeColors.good : badgeColors.bad}
                    >
                      {t(c.ok ? l.ready : l.notReady)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {c.latencyMs === null
                      ? '—'
                      : t(l.latencyValue, {
                          ms: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(c.latencyMs),
                        })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <JobsSection data={jobs.data} pending={jobs.isPending} onReload={() => void jobs.refetch()} />
        </>
      )}
    </section>
  );
}
