import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { syncLabels } from '@hasp/contracts';
import { browserDatabase, type OutboxItem } from '../../../offline-db';
import { useAuthState } from '../../../lib/auth-session';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { saveBlob } from '../../../lib/save-file';
import { rejectedExport } from '../export-rejected';
import { dismissIssue, issuesOf } from '../outbox-store';
import { syncStatusOf } from '../status-text';
import { PERSISTENCE_KEY, formatBytes, storageUsage, type PersistenceRecord } from '../storage-quota';
import { syncNow, useSyncState } from '../sync-state';
import { useLive } from '../use-live';
import { changeWords, conflictInk } from '../model/conflict-views';
import { ConflictDetail } from './ConflictDetail';
import {
  isLinkedItem,
  LinkedServerIssue,
  useLinkedIssueId,
  useLinkedServerIssue,
  useScrollToLinked,
} from './LinkedIssue';
import classes from './SyncPanel.module.css';

function IssueCard({ item, linked = false }: { item: OutboxItem; linked?: boolean }) {
  const t = useCaptions();
  // Opened from a notification about this very change (decision 0062): in view, focused, marked.
  const ref = useScrollToLinked<HTMLLIElement>(linked);
  const [confirming, setConfirming] = useState(false);
  const conflict = item.status === 'conflict';
  const words = changeWords(item.name, t);
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      aria-label={`${words} #${item.deviceSeq}`}
      ref={ref}
      tabIndex={linked ? -1 : undefined}
      data-linked={linked || undefined}
      aria-current={linked || undefined}
      className={classes.issue}
    >
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600}>{words}</Text>
          <Badge color={conflict ? 'orange' : 'red'} variant="light" c={conflict ? conflictInk : undefined}>
            {t(conflict ? syncLabels.conflict : syncLabels.rejected)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(syncLabels.queuedAt, { time: formatDateTime(item.deviceTime) })}
        </Text>
        {conflict ? (
          <ConflictDetail item={item} />
        ) : (
          <Text size="sm">
            <strong>{t(syncLabels.reason)}:</strong> {item.error?.message}
          </Text>
        )}
        {confirming ? (
          <Stack gap="xs">
            <Text size="sm">{t(syncLabels.dismissConfirm)}</Text>
            <Group>
              <Button
                color="red"
                size="sm"
                mih={44}
                onClick={() => void dismissIssue(browserDatabase(), item.idempotencyKey)}
              >
                {t(syncLabels.dismiss)}
              </Button>
              <Button variant="default" size="sm" mih={44} onClick={() => setConfirming(false)}>
                {t(syncLabels.keep)}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button variant="subtle" size="sm" mih={44} onClick={() => setConfirming(true)}>
              {t(syncLabels.dismiss)}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function StorageFacts() {
  const t = useCaptions();
  const persistence = useLive('persistence', async () => {
    const row = await browserDatabase().meta.get(PERSISTENCE_KEY);
    return { record: (row?.value as PersistenceRecord | undefined) ?? null, usage: await storageUsage() };
  });
  if (!persistence) return <Loader size="xs" />;
  const { record, usage } = persistence;
  return (
    <Stack gap={4} data-testid="sync-storage">
      <Text size="sm">
        {usage
          ? t(syncLabels.storageUsage, { used: formatBytes(usage.usage), quota: formatBytes(usage.quota) })
          : t(syncLabels.storageUnknown)}
      </Text>
      {record && (
        <Text size="sm">{t(record.persisted ? syncLabels.storagePersistent : syncLabels.storageNotPersistent)}</Text>
      )}
    </Stack>
  );
}

/**
 * The offline changes of the signed-in user: sync progress and "Sync now", the device's storage
 * (persistence and quota: a full disk refuses, never loses), and every conflict and refusal with the server's reason, both
 * versions of a conflict, a dismiss after reading, and an export of the refused ones (nothing refused is silently dropped).
 */
export function SyncPanel() {
  const t = useCaptions();
  const { session } = useAuthState();
  const { networkOnline } = useNetwork();
  const state = useSyncState();
  const owner = session
    ? { connectionStringName: session.connectionStringName, facilityId: session.facility.ID, userId: session.user.ID }
    : null;
  const ownerId = owner ? `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}` : null;
  const issues = useLive(ownerId, () => (owner ? issuesOf(browserDatabase(), owner) : Promise.resolve([])));
  const status = syncStatusOf(state, t);
  const rejected = issues?.filter((item) => item.status === 'rejected') ?? [];
  const linkedId = useLinkedIssueId();
  const linkedServer = useLinkedServerIssue(linkedId).data;
  const heldHere = issues?.some((item) => isLinkedItem(item, linkedId, linkedServer)) ?? false;

  return (
    <div className={classes.panel}>
      <Text size="sm">{t(syncLabels.panelLead)}</Text>
      <Stack gap="xs">
        {status && (
          <Text fw={600} data-testid="sync-progress">
            {status.text}
          </Text>
        )}
        {state.progress.syncedAt && (
          <Text size="sm" c="dimmed">
            {t(syncLabels.lastSynced, { time: formatDateTime(state.progress.syncedAt) })}
          </Text>
        )}
        <Group>
          <Button mih={44} disabled={!networkOnline || !owner} onClick={syncNow}>
            {t(syncLabels.syncNow)}
          </Button>
        </Group>
      </Stack>

      <section aria-labelledby="sync-storage-title">
        <Title order={3} size="h5" id="sync-storage-title" mb={4}>
          {t(syncLabels.storageTitle)}
        </Title>
        <StorageFacts />
      </section>

      <section aria-labelledby="sync-issues-title">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={3} size="h5" id="sync-issues-title">
            {t(syncLabels.issuesTitle)}
          </Title>
          {rejected.length > 0 && (
            <Button
              variant="default"
              size="sm"
              mih={44}
              onClick={() => {
                const now = new Date().toISOString();
                saveBlob(rejectedExport(rejected, now), `hasp-refused-changes-${now.slice(0, 10)}.json`);
              }}
            >
              {t(syncLabels.exportRejected)}
            </Button>
          )}
        </Group>
        {linkedId !== null && issues !== undefined && <LinkedServerIssue id={linkedId} held={heldHere} />}
        {issues === undefined ? (
          <Loader size="xs" />
        ) : issues.length === 0 ? (
          <Alert color="gray" variant="light">
            {t(syncLabels.noIssues)}
          </Alert>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {issues.map((item) => (
              <IssueCard key={item.idempotencyKey} item={item} linked={isLinkedItem(item, linkedId, linkedServer)} />
            ))}
          </Stack>
        )}
      </section>
    </div>
  );
}
