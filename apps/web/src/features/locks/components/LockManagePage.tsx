import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  lockKindLabels,
  lockKinds,
  lockStatusLabels,
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
import { useLockOptions, useLocks } from '../api/locks-api';
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
      <Page
        title={title}
        childTitle={childTitle}
        lead="The facility's locks: who holds each one, and where each lock in use is now."
      >
        <LockManage />
      </Page>
    </RightNavGate>
  );
}

type Dialog = { kind: 'form'; lock: Lock | null } | { kind: 'command'; lock: Lock; verb: LockStatusCommand } | null;

function LockManage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readLockFilters(params), [params]);
  const locks = useLocks(query);
  const options = useLockOptions();
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
          label="Search"
          placeholder="Serial, note or owner"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            writeText(event.currentTarget.value);
          }}
        />
        <Button className={classes.touch} onClick={() => setDialog({ kind: 'form', lock: null })}>
          Register a lock
        </Button>
      </Group>
      <div className={classes.filters}>
        <NativeSelect
          label="Status"
          value={query.status ?? ''}
          onChange={(e) => filter({ status: (e.currentTarget.value || undefined) as LockListQuery['status'] })}
          data={[
            { value: '', label: 'All statuses' },
            ...lockStatuses.map((s) => ({ value: s, label: lockStatusLabels[s] })),
          ]}
          classNames={{ input: classes.touch }}
        />
        <NativeSelect
          label="Kind"
          value={query.kind ?? ''}
          onChange={(e) => filter({ kind: (e.currentTarget.value || undefined) as LockListQuery['kind'] })}
          data={[{ value: '', label: 'All kinds' }, ...lockKinds.map((k) => ({ value: k, label: lockKindLabels[k] }))]}
          classNames={{ input: classes.touch }}
        />
        <NativeSelect
          label="Owner"
          value={query.ownerId ? String(query.ownerId) : ''}
          onChange={(e) => filter({ ownerId: Number(e.currentTarget.value) || undefined })}
          data={[
            { value: '', label: 'Anyone' },
            ...(options.data?.people ?? []).map((p) => ({ value: String(p.ID), label: p.displayName })),
          ]}
          classNames={{ input: classes.touch }}
        />
      </div>
      {locks.isError && <Alert color="red">The locks could not be loaded. Reload the page to try again.</Alert>}
      <Text className={classes.count} role="status">
        {locks.isPending ? 'Loading locks…' : `${count} ${count === 1 ? 'lock' : 'locks'}`}
      </Text>
      {locks.data && (
        <LockList
          locks={locks.data}
          onEdit={(lock) => setDialog({ kind: 'form', lock })}
          onCommand={(lock, verb) => setDialog({ kind: 'command', lock, verb })}
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
