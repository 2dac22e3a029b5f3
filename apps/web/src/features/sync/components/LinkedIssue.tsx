import { useEffect, useRef, type RefObject } from 'react';
import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { syncIssueSchema, syncLabels, type SyncIssue } from '@hasp/contracts';
import type { OutboxItem } from '../../../offline-db';
import { formatDateTime } from '../../../lib/date-time';
import { apiRequest } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { changeWords, conflictInk } from '../model/conflict-views';

/**
 * A notification about an offline change in conflict or refused links to `/offline/sync-issues/<id>`
 * (the server's record id, its server sequence: modules/sync `syncIssueLink`); that route opens the
 * offline dashboard with `?issue=<id>` (decision 0062). Here the panel finds the item it names: the
 * device's own (by its conflict id, or by its idempotency key read from the server's record) is
 * scrolled to and marked; one this device does not hold (another device's, a supervisor's view, one
 * already dismissed here) is shown from the server's record.
 */
export const linkedIssueParam = 'issue';

export function useLinkedIssueId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get(linkedIssueParam);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The server's record of the linked issue (online only; quiet: the panel says what it could not read). */
export function useLinkedServerIssue(id: number | null) {
  const { networkOnline } = useNetwork();
  return useQuery({
    queryKey: ['sync', 'conflicts', id],
    queryFn: () => apiRequest(`sync/conflicts/${id}`, { schema: syncIssueSchema, quiet: () => true }),
    enabled: id !== null && networkOnline,
    staleTime: 60_000,
  });
}

/** Whether a device item is the one the link names. */
export function isLinkedItem(item: OutboxItem, id: number | null, server: SyncIssue | undefined): boolean {
  if (id === null) return false;
  return item.conflictId === id || (server !== undefined && server.idempotencyKey === item.idempotencyKey);
}

/** Scrolls the linked card into view and moves focus to it, once it is there. */
export function useScrollToLinked<T extends HTMLElement>(linked: boolean): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!linked || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [linked]);
  return ref;
}

/** The linked issue as the server keeps it, when this device holds no item for it. */
export function LinkedServerIssue({ id, held }: { id: number; held: boolean }) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  const issue = useLinkedServerIssue(id);
  const ref = useScrollToLinked<HTMLDivElement>(!held && (issue.data !== undefined || !networkOnline || issue.isError));
  if (held) return null;
  if (!networkOnline) {
    return (
      <Alert color="gray" variant="light" data-testid="linked-issue" ref={ref} tabIndex={-1}>
        {t(syncLabels.linkedOffline)}
      </Alert>
    );
  }
  if (issue.isError) {
    return (
      <Alert color="red" variant="light" data-testid="linked-issue" ref={ref} tabIndex={-1}>
        {t(syncLabels.linkedFailed, { message: issue.error.message })}
      </Alert>
    );
  }
  if (!issue.data) return null;
  const data = issue.data;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="linked-issue"
      data-linked
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label={`${changeWords(data.name, t)} #${data.ID}`}
      mb="sm"
    >
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600}>{changeWords(data.name, t)}</Text>
          <Badge
            color={data.outcome === 'conflict' ? 'orange' : 'red'}
            variant="light"
            c={data.outcome === 'conflict' ? conflictInk : undefined}
          >
            {t(data.outcome === 'conflict' ? syncLabels.conflict : syncLabels.rejected)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {data.user.name} · {formatDateTime(data.deviceTime)}
          {data.permit ? ` · ${data.permit.number}` : ''}
        </Text>
        <Text size="sm">
          <strong>{t(syncLabels.reason)}:</strong> {data.error.message}
        </Text>
        <Text size="sm" c="dimmed">
          {data.resolvedAt
            ? t(syncLabels.linkedResolved, { time: formatDateTime(data.resolvedAt), resolution: data.resolution ?? '' })
            : t(syncLabels.linkedNotHere)}
        </Text>
      </Stack>
    </Card>
  );
}
