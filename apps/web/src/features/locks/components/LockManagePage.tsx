import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  lockKindCaptions,
  lockKinds,
  lockManageButtons as B,
  lockManageLabels as L,
  lockStatusCaptions,
  lockStatuses,
  shellRightNavEntries,
  shellRightNavGroups,
  type Lock,
  type LockListQuery,
  type LockStatusCommand,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { useLockOptions, useLocks, usePrintLockLabels, useReleaseLock } from '../api/locks-api';
import { readLockFilters, writeLockFilters } from '../model/lock-filters';
import { LockCommandModal } from './LockCommandModal';
import { LockFormModal } from './LockFormModal';
import { LockList } from './LockList';
import classes from '../Locks.module.css';

/** `/assets/locks` (right nav: Asset › Lock Manage). */
export function LockManagePage() {
  const t = useCaptions();
  const title = t(shellRightNavGroups.Asset);
  const childTitle = t(shellRightNavEntries['lock-manage']);
  return (
    <RightNavGate id="lock-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(L.lead)}>
        <LockManage />
      </Page>
    </RightNavGate>
  );
}

type Dialog = { kind: 'form'; lock: Lock | null } | { kind: 'command'; lock: Lock; verb: LockStatusCommand } | null;

function LockManage() {
  const t = useCaptions();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readLockFilters(params), [params]);
  const locks = useLocks(query);
  const options = useLockOptions();
  const labels = usePrintLockLabels();
  const release = useReleaseLock();
  const [dialog, setDialog] = useState<Dialog>(null);

  // The URL is the filter: reload and a shared link show the same locks. No page loader on a change.
  const filter = (change: Partial<LockListQuery>) =>
    setParams(writeLockFilters({ ...query, ...change }), { replace: true, state: { skipLoader: true } });
  const [text, setText] = useState(query.q ?? '');
  const writeText = useDebouncedCallback((q: string) => filter({ q: q.trim() || undefined }), 300);

  const count = locks.data?.length ?? 0;
  return (
    <div className={classes.root}>
      <Group className={classes.toolbar} align="flex-end">
        <TextInput
          className={classes.search}
          type="search"
          label={t(L.search)}
          placeholder={t(L.searchPlaceholder)}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            writeText(event.currentTarget.value);
          }}
        />
        <Button className={classes.touch} onClick={() => setDialog({ kind: 'form', lock: null })}>
          {t(B.register)}
        </Button>
        <Button
          variant="default"
          className={classes.touch}
          disabled={count === 0}
          loading={labels.isPending}
          onClick={() => labels.mutate(query)}
        >
          {t(B.printLabels)}
        </Button>
      </Group>
      {labels.isError && (
        <Alert color="red" role="alert">
          {t(L.printFailed, { reason: labels.error.message })}
        </Alert>
      )}
      <div className={classes.filters}>
        <NativeSelect
          label={t(L.status)}
          value={query.status ?? ''}
          onChange={(e) => filter({ status: (e.currentTarget.value || undefined) as LockListQuery['status'] })}
          data={[
            { value: '', label: t(L.allStatuses) },
            ...lockStatuses.map((s) => ({ value: s, label: t(lockStatusCaptions[s]) })),
          ]}
          classNames={{ input: classes.touch }}
        />
        <NativeSelect
          label={t(L.kind)}
          value={query.kind ?? ''}
          onChange={(e) => filter({ kind: (e.currentTarget.value || undefined) as LockListQuery['kind'] })}
          data={[
            { value: '', label: t(L.allKinds) },
            ...lockKinds.map((k) => ({ value: k, label: t(lockKindCaptions[k]) })),
          ]}
          classNames={{ input: classes.touch }}
        />
        <NativeSelect
          label={t(L.owner)}
          value={query.ownerId ? String(query.ownerId) : ''}
          onChange={(e) => filter({ ownerId: Number(e.currentTarget.value) || undefined })}
          data={[
            { value: '', label: t(L.anyone) },
            ...(options.data?.people ?? []).map((p) => ({ value: String(p.ID), label: p.displayName })),
          ]}
          classNames={{ input: classes.touch }}
        />
      </div>
      {locks.isError && <Alert color="red">{t(L.loadFailed)}</Alert>}
      <Text className={classes.count} role="status">
        {locks.isPending ? t(L.loading) : count === 1 ? t(L['count::one']) : t(L.count, { count })}
      </Text>
      {locks.data && (
        <LockList
          locks={locks.data}
          onEdit={(lock) => setDialog({ kind: 'form', lock })}
          onCommand={(lock, verb) => setDialog({ kind: 'command', lock, verb })}
          onPrintLabel={(lock) => labels.mutate({ id: lock.ID })}
          onRelease={(lock) => release.mutate(lock)}
        />
      )}
      {dialog?.kind === 'form' && (
        <LockFormModal lock={dialog.lock} colours={options.data?.colours ?? []} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'command' && (
        <LockCommandModal
          lock={dialog.lock}
          verb={dialog.verb}
          people={options.data?.people ?? []}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
