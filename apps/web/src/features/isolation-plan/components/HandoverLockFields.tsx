import { Alert, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useImperativeHandle, useState, type Ref } from 'react';
import { permitsLabels, type Permit, type PermitCommand } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useIsolationPlan } from '../api/plan';

/** The permits module's command dialog calls this on confirm (its CommandFieldsHandle; app/ joins the dialog's fields). */
export interface HandoverLockFieldsHandle {
  collect: (body: object) => object | null;
}

export interface HandoverLockFieldsProps {
  ref: Ref<HandoverLockFieldsHandle>;
  permit: Permit;
  verb: PermitCommand;
}

/**
 * In the hand-over dialog ((f)(4), shift change): the locks on the plan's points, each ticked as
 * staying on unless the outgoing holder unticks it. The notes then name exactly the locks that were
 * on, read from the plan (the device's copy offline); the server checks each is on the permit still.
 */
export function HandoverLockFields({ ref, permit, verb }: HandoverLockFieldsProps) {
  const t = useCaptions();
  const applies = verb === 'hand-over' && permit.permitType.sections.includes('isolation-plan');
  const plan = useIsolationPlan(permit.ID, applies);
  const [off, setOff] = useState<ReadonlySet<number>>(new Set());
  const locks = (plan.data?.points ?? []).flatMap((point) =>
    point.locks.map((lock) => ({ ID: lock.lockId, serial: lock.serial, point: point.code })),
  );

  useImperativeHandle(ref, () => ({
    collect: () => {
      if (!applies) return {};
      // Not known yet (or not readable): the notes would say no lock stays on, which may not be true.
      if (!plan.data) return null;
      return { locksStaying: [...new Set(locks.map((lock) => lock.ID))].filter((id) => !off.has(id)) };
    },
  }));

  if (!applies) return null;
  if (plan.isPending) return <Loader size="sm" aria-label={t(permitsLabels.handoverLocksStaying)} />;
  if (plan.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {reasonOf(plan.error)}
      </Alert>
    );
  if (!locks.length) return <Text size="sm">{t(permitsLabels.handoverNoLocks)}</Text>;
  return (
    <Checkbox.Group
      label={t(permitsLabels.handoverLocksStaying)}
      description={t(permitsLabels.handoverLocksStayingDescription)}
      value={locks.filter((lock) => !off.has(lock.ID)).map((lock) => String(lock.ID))}
      onChange={(ticked) => setOff(new Set(locks.filter((l) => !ticked.includes(String(l.ID))).map((l) => l.ID)))}
    >
      <Stack gap="xs" mt="xs">
        {locks.map((lock) => (
          <Checkbox
            key={`${lock.point}-${lock.ID}`}
            size="md"
            value={String(lock.ID)}
            label={`${lock.serial} · ${lock.point}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
