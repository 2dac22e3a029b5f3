import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Text } from '@mantine/core';
import {
  userManagementButtons,
  userManagementLabels,
  userManagementMessages,
  userManagementTitles,
  type BulkUserAction,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useBulkAction } from '../api/bulk-action';
import classes from '../UserManagement.module.css';

interface BulkActionBarProps {
  selectedIds: number[];
  groups: { ID: number; name: string }[];
  onDone: () => void;
}

const confirmTitles = {
  addGroup: userManagementTitles.confirmAddGroup,
  removeGroup: userManagementTitles.confirmRemoveGroup,
  deactivate: userManagementTitles.confirmDeactivate,
} as const;

/** Add or remove a group, or deactivate: for every selected user at once, after a confirmation. */
export function BulkActionBar({ selectedIds, groups, onDone }: BulkActionBarProps) {
  const t = useCaptions();
  const b = userManagementButtons;
  const [groupId, setGroupId] = useState('');
  const [groupError, setGroupError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BulkUserAction | null>(null);
  const bulk = useBulkAction();
  const count = selectedIds.length;
  const group = groups.find((g) => String(g.ID) === groupId);

  const ask = (action: BulkUserAction) => {
    if (action !== 'deactivate' && !group) {
      setGroupError(t(userManagementMessages.chooseGroup));
      return;
    }
    setGroupError(null);
    setConfirming(action);
  };
  const run = () => {
    if (!confirming) return;
    bulk.mutate(
      { action: confirming, userIDs: selectedIds, ...(confirming === 'deactivate' ? {} : { groupID: group?.ID }) },
      {
        onSuccess: (result) => {
          setConfirming(null);
          showToast({
            title: t(b[result.action]),
            message: t(userManagementMessages.bulkDone, { changed: result.changed, unchanged: result.unchanged }),
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <section className={classes.bulkBar} aria-label={t(userManagementLabels.bulkActions)}>
      <Text fw={600} role="status" aria-live="polite">
        {t(userManagementLabels.selected, { count })}
      </Text>
      <NativeSelect
        className={classes.groupSelect}
        label={t(userManagementLabels.group)}
        value={groupId}
        error={groupError}
        onChange={(event) => {
          setGroupId(event.currentTarget.value);
          setGroupError(null);
        }}
        data={[
          { value: '', label: t(userManagementLabels['group::placeholder']) },
          ...groups.map((g) => ({ value: String(g.ID), label: g.name })),
        ]}
      />
      <Button variant="default" disabled={count === 0} onClick={() => ask('addGroup')}>
        {t(b.addGroup)}
      </Button>
      <Button variant="default" disabled={count === 0} onClick={() => ask('removeGroup')}>
        {t(b.removeGroup)}
      </Button>
      <Button color="red.8" variant="outline" disabled={count === 0} onClick={() => ask('deactivate')}>
        {t(b.deactivate)}
      </Button>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        centered
        title={confirming ? t(confirmTitles[confirming], { count, group: group?.name ?? '' }) : ''}
        closeButtonProps={{ 'aria-label': t(b.close) }}
      >
        <Text>
          {t(
            confirming === 'deactivate'
              ? userManagementMessages.confirmDeactivate
              : userManagementMessages.confirmGroup,
          )}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t(b.cancel)}
          </Button>
          <Button color={confirming === 'deactivate' ? 'red.8' : undefined} loading={bulk.isPending} onClick={run}>
            {confirming ? t(b[confirming]) : ''}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
