import { Alert, Button, Center, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { JobsHealth } from '@hasp/contracts';
import { jobsButtons, jobsLabels, jobsMessages, jobsTitles } from '@hasp/contracts';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useRetryJob } from '../api/jobs';
import { formatMoment } from '../format';
import { FactList } from './FactList';
import { LoadFailed } from './LoadFailed';
import classes from '../Administrator.module.css';

/** The connection's job queues (waiting, running, failed) and the failed jobs, each with Retry. */
export function JobsSection({
  data,
  pending,
  onReload,
}: {
  data: JobsHealth | undefined;
  pending: boolean;
  onReload: () => void;
}) {
  const t = useCaptions();
  const l = jobsLabels;
  const title = t(jobsTitles.queues);
  return (
    <>
      <Title order={3} className={classes.subTitle} id="admin-jobs-heading">
        {title}
      </Title>
      {pending ? (
        <Center py="md">
          <Loader aria-label={title} />
        </Center>
      ) : !data ? (
        <LoadFailed onRetry={onReload} />
      ) : (
        <>
          {!data.running && (
            <Alert color="gray" variant="light">
              {t(l.notRunning)}
            </Alert>
          )}
          {data.queues.length === 0 ? (
            <Text>{t(jobsMessages.noQueues)}</Text>
          ) : (
            <Table verticalSpacing="xs" aria-label={t(l.queuesTable)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t(l.queue)}</Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t(l.waiting)}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t(l.active)}
                  </Table.Th>
                  <Table.Th scope="col" className={classes.number}>
                    {t(l.failed)}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.queues.map((q) => (
                  <Table.Tr key={q.name} data-queue={q.name}>
                    <Table.Th scope="row" className={`${classes.rowHeader} ${classes.queueName}`}>
                      {q.name}
                    </Table.Th>
                    <Table.Td className={classes.number} data-count="waiting">
                      {q.waiting}
                    </Table.Td>
                    <Table.Td className={classes.number} data-count="active">
                      {q.active}
                    </Table.Td>
                    <Table.Td className={classes.number} data-count="failed">
                      {q.failed}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <FailedJobs data={data} />
        </>
      )}
    </>
  );
}

function FailedJobs({ data }: { data: JobsHealth }) {
  const t = useCaptions();
  const l = jobsLabels;
  const language = currentLanguage();
  const retry = useRetryJob();
  return (
    <>
      <Title order={3} className={classes.subTitle} id="admin-failed-jobs-heading">
        {t(jobsTitles.failed)}
      </Title>
      {data.failed.length === 0 ? (
        <Text>{t(jobsMessages.noFailed)}</Text>
      ) : (
        <ul className={classes.failedJobs} aria-labelledby="admin-failed-jobs-heading">
          {data.failed.map((job) => {
            const when = formatMoment(job.failedAt, language);
            return (
              <li key={job.id} data-job-id={job.id}>
                <Paper withBorder p="sm" className={classes.failedJob}>
                  <Group justify="space-between" align="center" gap="xs" wrap="wrap">
                    <Text fw={600} className={classes.queueName}>
                      {job.queue}
                    </Text>
                    <Button
                      variant="default"
                      size="sm"
                      disabled={!data.running}
                      loading={retry.isPending && retry.variables?.id === job.id}
                      aria-label={t(jobsButtons.retryJob, { queue: job.queue, when })}
                      onClick={() =>
                        retry.mutate(
                          { queue: job.queue, id: job.id },
                          {
                            onSuccess: () =>
                              showToast({
                                title: t(jobsButtons.retry),
                                message: t(jobsMessages.retried),
                                tone: 'success',
                              }),
                          },
                        )
                      }
                    >
                      {t(jobsButtons.retry)}
                    </Button>
                  </Group>
                  <FactList
                    label={job.queue}
                    facts={[
                      { id: 'error', term: t(l.error), value: job.error },
                      { id: 'failed-at', term: t(l.failedAt), value: when },
                      { id: 'attempts', term: t(l.attempts), value: job.attempts },
                    ]}
                  />
                </Paper>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
