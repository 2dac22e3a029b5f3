import { Alert, Button, Center, Group, Loader } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { permitsButtons, permitsLabels, permitsMessages } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, reasonOf, type FieldErrors } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useCreatePermit } from '../api/create-permit';
import { usePermitType } from '../api/get-permit-type';
import { isGuardEntry, passLeaveGuard } from '../model/leave-guard';
import { emptyValues, isDirty, toEditBody, windowProblem, type PermitFormValues } from '../model/permit-form';
import classes from '../Permits.module.css';
import { LeaveGuard } from './LeaveGuard';
import { PermitForm } from './PermitForm';
import { TypeMark } from './TypeMark';

/** `/Permit/Create/:permitType`: the core fields; a double tap creates one permit (one key per fill). */
export function PermitCreate({ permitTypeCode }: { permitTypeCode: string }) {
  const t = useCaptions();
  const type = usePermitType(permitTypeCode);
  if (type.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(permitsLabels.loadingType)} />
      </Center>
    );
  }
  if (type.isError) {
    const missing = type.error instanceof ApiRequestError && [403, 404].includes(type.error.status);
    return (
      <Alert color="red" variant="light" role="alert">
        {missing
          ? t(permitsLabels.cannotCreate, { code: permitTypeCode })
          : t(permitsLabels.typeFailed, { reason: reasonOf(type.error) })}
      </Alert>
    );
  }
  return <CreateForm type={type.data} />;
}

function CreateForm({ type }: { type: NonNullable<ReturnType<typeof usePermitType>['data']> }) {
  const t = useCaptions();
  const navigate = useNavigate();
  const create = useCreatePermit();
  const [initial] = useState(() => emptyValues(new Date(), Math.min(8, type.maxValidityHours)));
  const [values, setValues] = useState<PermitFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // One key for this fill of the form: a retry or a second tap is the same creation.
  const key = useRef(crypto.randomUUID());
  const created = create.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || created) return;
    if (!values.title.trim()) {
      setErrors({ title: t(permitsMessages.titleRequired) });
      return;
    }
    const problem = windowProblem(values, type.maxValidityHours, t);
    if (problem) {
      setErrors({ plannedEnd: problem });
      return;
    }
    setErrors({});
    create.mutate(
      { body: { permitTypeId: type.ID, ...toEditBody(values) }, idempotencyKey: key.current },
      {
        onSuccess: (permit) => {
          showToast({ title: permit.number, message: t(permitsMessages.created), tone: 'success' });
          // The new permit takes the leave guard's entry (model/leave-guard.ts), if one is there; the
          // guard (still dirty until this render commits) lets its own page's save through.
          void navigate(`/Permit/Edit/${permit.ID}`, {
            replace: isGuardEntry(window.history.state),
            state: passLeaveGuard,
          });
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t(permitsLabels.newForm, { type: type.name })}>
      <LeaveGuard when={isDirty(initial, values) && !created} />
      <div className={classes.card}>
        <Group mb="sm">
          <TypeMark type={type} />
        </Group>
        <PermitForm
          values={values}
          onChange={setValues}
          maxValidityHours={type.maxValidityHours}
          errors={errors}
          disabled={create.isPending || created}
          riskFromAnalysis={type.sections.includes('hazard-analysis')}
        />
        {create.isError && Object.keys(fieldErrorsOf(create.error)).length === 0 && (
          <Alert color="red" variant="light" role="alert" mt="md">
            {t(permitsMessages.notCreated, { reason: reasonOf(create.error) })}
          </Alert>
        )}
        <Group mt="lg" justify="flex-end">
          <Button type="submit" size="md" className={classes.touch} loading={create.isPending || created}>
            {t(permitsButtons.create)}
          </Button>
        </Group>
      </div>
    </form>
  );
}
