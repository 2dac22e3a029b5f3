import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import {
  LOCK_NOTE_MAX,
  lockCommandCaptions,
  lockManageButtons as B,
  lockManageLabels as L,
  lockManageMessages as M,
  type Lock,
  type LockStatusCommand,
} from '@hasp/contracts';
import { useCaptions, type Translate } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useLockCommand } from '../api/locks-api';
import classes from '../Locks.module.css';

/** What each command does, said before it is done. */
const effects: Record<LockStatusCommand, (lock: Lock, t: Translate) => string> = {
  issue: (lock, t) =>
    lock.owner
      ? t(L.issueFromOwner, { serial: lock.serial, owner: lock.owner.displayName })
      : t(L.issueNew, { serial: lock.serial }),
  return: (lock, t) =>
    lock.owner
      ? t(L.returnFromOwner, { serial: lock.serial, owner: lock.owner.displayName })
      : t(L.returnNoOwner, { serial: lock.serial }),
  'report-lost': (lock, t) => t(L.reportLost, { serial: lock.serial }),
  found: (lock, t) =>
    lock.owner
      ? t(L.foundToOwner, { serial: lock.serial, owner: lock.owner.displayName })
      : t(L.foundAvailable, { serial: lock.serial }),
  retire: (lock, t) => t(L.retire, { serial: lock.serial }),
};

interface LockCommandModalProps {
  lock: Lock;
  verb: LockStatusCommand;
  people: { ID: number; displayName: string }[];
  onClose: () => void;
}

/** The confirmation of one status command, with the owner (issue) or an optional reason (lost, retire). */
export function LockCommandModal({ lock, verb, people, onClose }: LockCommandModalProps) {
  const t = useCaptions();
  const command = useLockCommand();
  // One key per confirmation: a double tap or a retry gives the command once.
  const [key] = useState(() => crypto.randomUUID());
  const [ownerId, setOwnerId] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = t(lockCommandCaptions[verb]);

  const confirm = () => {
    let body: object = {};
    if (verb === 'issue') {
      if (!ownerId) return setProblem(t(L.choosePersonProblem));
      body = { ownerId: Number(ownerId) };
    } else if (verb === 'report-lost' || verb === 'retire') {
      body = reason.trim() ? { reason: reason.trim() } : {};
    }
    setProblem(null);
    command.mutate(
      { lock, verb, body, key },
      {
        onSuccess: (updated) => {
          showToast({
            title: t(M.toastTitle, { serial: updated.serial }),
            message: t(M.commandDone, { command: label }),
            tone: 'success',
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(L.commandTitle, { command: label, serial: lock.serial })}
      centered
      closeButtonProps={{ 'aria-label': t(B.dismiss) }}
    >
      <Stack gap="sm">
        <Text>{effects[verb](lock, t)}</Text>
        {verb === 'issue' && (
          <NativeSelect
            label={t(L.issueTo)}
            required
            value={ownerId}
            onChange={(e) => setOwnerId(e.currentTarget.value)}
            data={[
              { value: '', label: t(L.choosePerson) },
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
            label={t(L.reasonOptional)}
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
            {t(B.cancel)}
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
