import { Suspense, useContext } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  syncConflictButtons,
  syncConflictLabels as L,
  syncIssueSchema,
  syncLabels,
  type SyncIssue,
} from '@hasp/contracts';
import { browserDatabase, type OutboxItem } from '../../../offline-db';
import { formatDateTime } from '../../../lib/date-time';
import { apiRequest } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { ConflictViewsContext } from '../model/conflict-views';
import { resolveConflict, type ConflictChoice } from '../resolve-conflict';
import { useLive } from '../use-live';

/**
 * A conflict said in words: why the change was not applied, who changed the server's side and
 * when, what differs field by field (the command's own view, where its domain gives one), and what
 * the user can do about it — keep theirs, keep mine (sent again over the server's version), or
 * choose per field. Never JSON, never a command's internal name or a version number.
 */
export function ConflictDetail({ item }: { item: OutboxItem }) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const View = useContext(ConflictViewsContext)[item.name];
  const conflict = useQuery({
    queryKey: ['sync', 'conflicts', item.conflictId],
    queryFn: () => apiRequest(`sync/conflicts/${item.conflictId}`, { schema: syncIssueSchema, quiet: () => true }),
    enabled: item.conflictId !== undefined && networkOnline,
  });
  const deviceCopy = useLive(`copy:${item.permitKey ?? ''}`, async () =>
    item.permitKey ? ((await browserDatabase().permits.get(item.permitKey))?.data ?? null) : null,
  );
  const client = useQueryClient();
  const resolve = useMutation({
    mutationFn: ({ issue, choice, resolution }: { issue: SyncIssue; choice: ConflictChoice; resolution: string }) =>
      resolveConflict(browserDatabase(), item, issue, choice, resolution),
    // The server's record now says it was resolved (a notification's link shows it so).
    onSuccess: () => client.invalidateQueries({ queryKey: ['sync', 'conflicts'] }),
  });
  const issue = conflict.data;
  const server = issue?.server;

  return (
    <Stack gap="xs" data-testid="conflict-detail">
      <Text size="sm">{t(L.conflictLead)}</Text>
      {issue?.permit && <Text size="sm">{t(L.onPermit, { number: issue.permit.number })}</Text>}
      {server && (
        <Text size="sm" data-testid="conflict-changed-by">
          {server.changedBy
            ? t(L.changedBy, { name: server.changedBy.name, time: formatDateTime(server.changedBy.at) })
            : t(L.changedByUnknown)}
        </Text>
      )}
      {!networkOnline && !issue ? (
        <Text size="sm" c="dimmed">
          {t(L.needsNetwork)}
        </Text>
      ) : conflict.isPending && item.conflictId !== undefined ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t(syncLabels.loadingConflict)}</Text>
        </Group>
      ) : conflict.isError ? (
        <Text size="sm" c="red.8">
          {t(syncLabels.conflictFailed, { message: conflict.error.message })}
        </Text>
      ) : null}
      {issue && server && (
        <>
          {View && deviceCopy !== undefined ? (
            <Suspense fallback={<Loader size="xs" />}>
              <View
                issue={issue}
                deviceCopy={deviceCopy}
                busy={resolve.isPending}
                onMerge={(input, keptMine) =>
                  resolve.mutate({
                    issue,
                    choice: { keep: 'merged', input },
                    resolution: t(L.resolvedMerged, { version: server.version, fields: keptMine.join(', ') }),
                  })
                }
              />
            </Suspense>
          ) : (
            !View && <Text size="sm">{t(L.notEditDifferences)}</Text>
          )}
          <Group gap="xs">
            <Button
              size="sm"
              mih={44}
              disabled={!networkOnline}
              loading={resolve.isPending && resolve.variables.choice.keep === 'mine'}
              onClick={() =>
                resolve.mutate({
                  issue,
                  choice: { keep: 'mine' },
                  resolution: t(L.resolvedMine, { version: server.version }),
                })
              }
            >
              {t(syncConflictButtons.keepMine)}
            </Button>
            <Button
              size="sm"
              mih={44}
              variant="default"
              disabled={!networkOnline}
              loading={resolve.isPending && resolve.variables.choice.keep === 'theirs'}
              onClick={() =>
                resolve.mutate({
                  issue,
                  choice: { keep: 'theirs' },
                  resolution: t(L.resolvedTheirs, { version: server.version }),
                })
              }
            >
              {t(syncConflictButtons.keepTheirs)}
            </Button>
          </Group>
        </>
      )}
      {resolve.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(L.failed, { message: resolve.error.message })}
        </Alert>
      )}
    </Stack>
  );
}
