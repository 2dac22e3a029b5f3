import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { permitStatusLabels, type Permit, type PermitCommand } from '@hasp/contracts';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { usePermitType } from '../api/get-permit-type';
import { isStale, usePermitCommand } from '../api/send-command';
import { commandPlan, inputOf } from '../model/command-plan';
import { fromLocalInput, latestEnd, toLocalInput, type PickedPerson } from '../model/permit-form';
import classes from '../Permits.module.css';
import { PersonPicker } from '../../../components/PersonPicker';

interface CommandDialogProps {
  permit: Permit;
  verb: PermitCommand;
  onClose: () => void;
  /** A stale version: the page reloads the permit. */
  onStale: () => void;
}

/** The confirmation of one command: what will happen, who is told, and the input the command needs. */
export function CommandDialog({ permit, verb, onClose, onStale }: CommandDialogProps) {
  const plan = commandPlan(permit, verb);
  const input = inputOf(verb);
  const command = usePermitCommand(permit.ID);
  // One key per confirmation: a double tap or a retry gives the command once.
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [plannedEnd, setPlannedEnd] = useState(() => toLocalInput(permit.plannedEnd));
  const [newHolder, setNewHolder] = useState<PickedPerson | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // An extension stays within the type's maximum validity from the planned start: say where that ends.
  const type = usePermitType(input === 'plannedEnd' ? permit.permitType.code : '');
  const maxHours = type.data?.maxValidityHours;
  const latest = maxHours === undefined ? null : latestEnd(toLocalInput(permit.plannedStart), maxHours);

  const confirm = () => {
    let body: object = {};
    if (input === 'reason') {
      if (!reason.trim()) return setProblem('Reason is required');
      body = { reason };
    } else if (input === 'plannedEnd') {
      const end = fromLocalInput(plannedEnd);
      if (!end || Date.parse(end) <= Date.parse(permit.plannedEnd))
        return setProblem('The new end must be after the current planned end');
      body = { plannedEnd: end };
    } else if (input === 'newHolder') {
      if (!newHolder) return setProblem('Pick the new holder');
      body = { newHolderId: newHolder.ID };
    }
    setProblem(null);
    command.mutate(
      { verb, body, version: permit.version, idempotencyKey: key },
      {
        onSuccess: (updated) => {
          showToast({
            title: updated.number,
            message: `${plan.label}: the permit is now ${permitStatusLabels[updated.status]}.`,
            tone: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (isStale(error)) onStale();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${plan.label}: ${permit.number}`}
      centered
      // Not "Close": that is a command's name (closing the permit).
      closeButtonProps={{ 'aria-label': 'Dismiss' }}
    >
      <Stack gap="sm">
        <Text fw={600}>{plan.change}</Text>
        <Text>{plan.notifies}</Text>
        {input === 'reason' && (
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={problem}
            data-autofocus
          />
        )}
        {input === 'plannedEnd' && (
          <TextInput
            type="datetime-local"
            label="New planned end"
            description={
              latest
                ? `At most ${maxHours} h after the planned start: by ${latest.replace('T', ' ')} at the latest`
                : "Within the type's maximum validity from the planned start"
            }
            max={latest ?? undefined}
            required
            value={plannedEnd}
            onChange={(e) => setPlannedEnd(e.currentTarget.value)}
            error={problem}
            classNames={{ input: classes.input }}
          />
        )}
        {input === 'newHolder' && (
          <PersonPicker
            label="New holder"
            description="They accept the permit to make it active again"
            required
            value={newHolder}
            onChange={setNewHolder}
            error={problem ?? undefined}
            exclude={permit.holder ? [permit.holder.ID] : []}
          />
        )}
        {command.isError && (
          <Alert color="red" variant="light" role="alert">
            {isStale(command.error)
              ? 'Someone changed this permit since you opened it. It has been reloaded: check it and try again.'
              : reasonOf(command.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="md" className={classes.touch} onClick={onClose}>
            Back
          </Button>
          <Button
            size="md"
            className={classes.touch}
            color={plan.danger ? 'red' : undefined}
            loading={command.isPending}
            onClick={confirm}
          >
            {plan.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
