import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { LOCK_NOTE_MAX, lockStatusCommandLabels, type Lock, type LockStatusCommand } from '@hasp/contracts';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useLockCommand } from '../api/locks-api';
import classes from '../Locks.module.css';

/** What each command does, said before it is done. */
const effects: Record<LockStatusCommand, (lock: Lock) => string> = {
  issue: (lock) =>
    lock.owner
      ? `Lock ${lock.serial} goes from ${lock.owner.displayName} to the person you choose: only they apply it.`
      : `Lock ${lock.serial} becomes the personal lock of the person you choose: only they apply it.`,
  return: (lock) =>
    `Lock ${lock.serial} comes back from ${lock.owner?.displayName ?? 'its owner'}: it is available to anyone.`,
  'report-lost': (lock) => `Lock ${lock.serial} is marked lost: nobody can apply it until it is found.`,
  found: (lock) =>
    lock.owner
      ? `Lock ${lock.serial} is found: it goes back to ${lock.owner.displayName}.`
      : `Lock ${lock.serial} is found: it is available again.`,
  retire: (lock) => `Lock ${lock.serial} is retired for good: it can never be applied again.`,
};

interface LockCommandModalProps {
  lock: Lock;
  verb: LockStatusCommand;
  people: { ID: number; displayName: string }[];
  onClose: () => void;
}

/** The confirmation of one status command, with the owner (issue) or an optional reason (lost, retire). */
export function LockCommandModal({ lock, verb, people, onClose }: LockCommandModalProps) {
  const command = useLockCommand();
  // One key per confirmation: a double tap or a retry gives the command once.
  const [key] = useState(() => crypto.randomUUID());
  const [ownerId, setOwnerId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = lockStatusCommandLabels[verb];

  const confirm = () => {
    let body: object = {};
    if (verb === 'issue') {
      if (!ownerId) return setProblem('Choose who gets the lock');
      body = { ownerId: Number(ownerId) };
    } else if (verb === 'report-lost' || verb === 'retire') {
      body = reason.trim() ? { reason: reason.trim() } : {};
    }
    setProblem(null);
    command.mutate(
      { lock, verb, body, key },
      {
        onSuccess: (updated) => {
          showToast({ title: `Lock ${updated.serial}`, message: `${label}: done.`, tone: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${label}: lock ${lock.serial}`}
      centered
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <Stack gap="sm">
        <Text>{effects[verb](lock)}</Text>
        {verb === 'issue' && (
          <NativeSelect
            label="Issue to"
            required
            value={ownerId}
            onChange={(e) => setOwnerId(e.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a person' },
              ...people
                .filter((p) => p.ID !== lock.owner?.ID)
                .map((p) => ({ value: String(p.ID), label: p.displayName })),
            ]}
            error={problem}
            classNames={{ input: classes.touch }}
          />
        )}
        {(verb === 'report-lost' || verb === 'retire') && (
          <Textarea
            label="Reason (optional)"
            autosize
            minRows={2}
            maxLength={LOCK_NOTE_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        {command.error && <Alert color="red">{reasonOf(command.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" className={classes.touch} onClick={onClose}>
            Cancel
          </Button>
          <Button
            className={classes.touch}
            color={verb === 'retire' || verb === 'report-lost' ? 'red' : undefined}
            loading={command.isPending}
            onClick={confirm}
          >
            {label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
