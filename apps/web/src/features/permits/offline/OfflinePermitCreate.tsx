import { Alert, Button, Center, Group, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  offlinePermitButtons,
  offlinePermitLabels as L,
  offlinePermitMessages,
  permitPermission,
  permitsLabels,
  permitsMessages,
  type PermitTypeInfo,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf, type FieldErrors } from '../../../lib/send-form';
import { useSessionContext } from '../../../lib/session-context';
import { showToast } from '../../../lib/toast';
import { usePermitType } from '../api/get-permit-type';
import { isGuardEntry, passLeaveGuard } from '../model/leave-guard';
import { emptyValues, isDirty, toEditBody, windowProblem, type PermitFormValues } from '../model/permit-form';
import classes from '../Permits.module.css';
import { LeaveGuard } from '../components/LeaveGuard';
import { PermitForm } from '../components/PermitForm';
import { TypeMark } from '../components/TypeMark';
import { createOffline, mayCreateOffline } from './create-offline';
import { currentOwner, localActorOf } from './stored-permit';
import { useOfflinePermitSource } from './use-offline-permit';

/**
 * `/offline/permit/:permitType/create`: the online create form, kept on this device. Needs
 * `permit:create-offline:<CODE>`; the permit gets a local id and a provisional number, and its
 * `permit.create` waits in the outbox; then it opens as the same permit page as online.
 */
export function OfflinePermitCreate({ permitTypeCode }: { permitTypeCode: string }) {
  const t = useCaptions();
  useOfflinePermitSource();
  const client = useQueryClient();
  const type = usePermitType(permitTypeCode);
  const owner = currentOwner();
  // The permissions: the session context once it has loaded (or cannot: no network), else the
  // device's copy of them (localActorOf).
  const context = useSessionContext();
  const contextSettled = !context.isPending || context.fetchStatus === 'paused';
  const actor = useQuery({
    queryKey: [
      'permits',
      'offline-actor',
      owner?.connectionStringName,
      owner?.facilityId,
      owner?.userId,
      context.dataUpdatedAt,
    ],
    queryFn: () => localActorOf(client, owner!),
    enabled: owner !== null && contextSettled,
  });
  if (type.isPending || actor.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(permitsLabels.loadingType)} />
      </Center>
    );
  }
  if (actor.data && !mayCreateOffline(actor.data, permitTypeCode)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.noPermission, { permission: permitPermission('create-offline', permitTypeCode) })}
      </Alert>
    );
  }
  if (type.isError) {
    const missing = type.error instanceof ApiRequestError && [403, 404].includes(type.error.status);
    return (
      <Alert color="red" variant="light" role="alert">
        {missing ? t(L.noType) : t(permitsLabels.typeFailed, { reason: reasonOf(type.error) })}
      </Alert>
    );
  }
  return <OfflineCreateForm type={type.data} />;
}

function OfflineCreateForm({ type }: { type: PermitTypeInfo }) {
  const t = useCaptions();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [initial] = useState(() => emptyValues(new Date(), Math.min(8, type.maxValidityHours)));
  const [values, setValues] = useState<PermitFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A double tap while the first save runs is the same save.
  const running = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current || saved) return;
    if (!values.title.trim()) return setErrors({ title: t(permitsMessages.titleRequired) });
    const problem = windowProblem(values, type.maxValidityHours, t);
    if (problem) return setErrors({ plannedEnd: problem });
    setErrors({});
    setFailure(null);
    running.current = true;
    setSaving(true);
    try {
      const created = await createOffline(client, type, { permitTypeId: type.ID, ...toEditBody(values) }, values);
      // Only now, with the outbox transaction resolved: the permit is on this device's disk.
      setSaved(true);
      showToast({
        title: t(L.savedOffline),
        message: t(offlinePermitMessages.createdOffline, { number: created.number }),
        tone: 'success',
      });
      void navigate(`/Permit/Edit/${created.localId}`, {
        replace: isGuardEntry(window.history.state),
        state: passLeaveGuard,
      });
    } catch (error) {
      // The form keeps everything typed; the reason says what to do.
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      running.current = false;
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t(L.newOffline, { type: type.name })}>
      <LeaveGuard when={isDirty(initial, values) && !saved} />
      <div className={classes.card}>
        <Group mb="sm">
          <TypeMark type={type} />
        </Group>
        <PermitForm
          values={values}
          onChange={setValues}
          maxValidityHours={type.maxValidityHours}
          errors={errors}
          disabled={saving || saved}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {t(offlinePermitMessages.notSaved, { reason: failure })}
          </Alert>
        )}
        <Group mt="lg" justify="flex-end">
          <Button type="submit" size="md" className={classes.touch} loading={saving || saved}>
            {t(offlinePermitButtons.saveOffline)}
          </Button>
        </Group>
      </div>
    </form>
  );
}
