import { Alert, Button, Checkbox, Group, Loader, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  gasConfigButtons as B,
  gasConfigLabels as L,
  gasLimitsText,
  type GasInstrument,
  type GasParameter,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { refusedFieldsOf, reasonOf } from '../../../lib/send-form';
import { useGasConfig, useSaveGasConfig } from '../api/gas-config';
import classes from '../GasTests.module.css';

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
const today = () => new Date().toISOString().slice(0, 10);

type Save = ReturnType<typeof useSaveGasConfig>;

/** A field of either form: the refusal the server gave for it shows under it. */
function Field({
  label,
  value,
  error,
  onChange,
  ...rest
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  required?: boolean;
  type?: string;
  inputMode?: 'decimal';
}) {
  return (
    <TextInput
      label={label}
      size="md"
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...rest}
    />
  );
}

/** What both forms share: title, the active box when editing, the unplaced refusal, Cancel and Save/Add. */
function ConfigForm({
  title,
  editing,
  active,
  onActive,
  save,
  onSubmit,
  onDone,
  children,
}: {
  title: string;
  editing: boolean;
  active: boolean;
  onActive: (active: boolean) => void;
  save: Save;
  onSubmit: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const t = useCaptions();
  const fields = refusedFieldsOf(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={submit} noValidate aria-label={title}>
      <h3 className={classes.title}>{title}</h3>
      {children}
      {editing && (
        <Checkbox label={t(L.active)} size="md" checked={active} onChange={(e) => onActive(e.currentTarget.checked)} />
      )}
      {save.isError && !Object.keys(fields).length && (
        <Alert color="red" variant="light" role="alert">
          {t(L.failed, { reason: reasonOf(save.error) })}
        </Alert>
      )}
      <Group grow>
        <Button variant="default" className={classes.touch} onClick={onDone}>
          {t(B.cancel)}
        </Button>
        <Button type="submit" className={classes.touch} loading={save.isPending}>
          {editing ? t(B.save) : t(B.add)}
        </Button>
      </Group>
    </form>
  );
}

/** Add or edit a gas parameter: code, name, unit, low and/or high limit, active. */
function ParameterForm({ parameter, onDone }: { parameter: GasParameter | null; onDone: () => void }) {
  const t = useCaptions();
  const save = useSaveGasConfig();
  const [v, setV] = useState({
    code: parameter?.code ?? '',
    name: parameter?.name ?? '',
    unit: parameter?.unit ?? '',
    low: parameter?.lowLimit?.toString() ?? '',
    high: parameter?.highLimit?.toString() ?? '',
    active: parameter?.isActive ?? true,
  });
  const fields = refusedFieldsOf(save.error);
  const set = (field: keyof typeof v) => (value: string | boolean) => setV((c) => ({ ...c, [field]: value }));
  const submit = () => {
    const body = {
      code: v.code,
      name: v.name,
      unit: v.unit,
      lowLimit: numberOrNull(v.low),
      highLimit: numberOrNull(v.high),
      isActive: v.active,
    };
    save.mutate({ kind: 'parameters', id: parameter?.ID ?? null, body }, { onSuccess: onDone });
  };
  return (
    <ConfigForm
      title={parameter ? t(L.editParameter, { code: parameter.code }) : t(L.addParameter)}
      editing={parameter !== null}
      active={v.active}
      onActive={set('active')}
      save={save}
      onSubmit={submit}
      onDone={onDone}
    >
      <Field label={t(L.code)} required value={v.code} error={fields.code} onChange={set('code')} />
      <Field label={t(L.name)} required value={v.name} error={fields.name} onChange={set('name')} />
      <Field label={t(L.unit)} required value={v.unit} error={fields.unit} onChange={set('unit')} />
      <Field label={t(L.lowLimit)} inputMode="decimal" value={v.low} error={fields.lowLimit} onChange={set('low')} />
      <Field
        label={t(L.highLimit)}
        inputMode="decimal"
        value={v.high}
        error={fields.highLimit}
        onChange={set('high')}
      />
    </ConfigForm>
  );
}

/** Add or edit an instrument: name, serial, calibration due date, active. */
function InstrumentForm({ instrument, onDone }: { instrument: GasInstrument | null; onDone: () => void }) {
  const t = useCaptions();
  const save = useSaveGasConfig();
  const [v, setV] = useState({
    name: instrument?.name ?? '',
    serial: instrument?.serial ?? '',
    due: instrument?.calibrationDue ?? '',
    active: instrument?.isActive ?? true,
  });
  const fields = refusedFieldsOf(save.error);
  const set = (field: keyof typeof v) => (value: string | boolean) => setV((c) => ({ ...c, [field]: value }));
  const submit = () => {
    const body = { name: v.name, serial: v.serial, calibrationDue: v.due, isActive: v.active };
    save.mutate({ kind: 'instruments', id: instrument?.ID ?? null, body }, { onSuccess: onDone });
  };
  return (
    <ConfigForm
      title={instrument ? t(L.editInstrument, { name: instrument.name }) : t(L.addInstrument)}
      editing={instrument !== null}
      active={v.active}
      onActive={set('active')}
      save={save}
      onSubmit={submit}
      onDone={onDone}
    >
      <Field label={t(L.name)} required value={v.name} error={fields.name} onChange={set('name')} />
      <Field label={t(L.serial)} required value={v.serial} error={fields.serial} onChange={set('serial')} />
      <Field
        label={t(L.calibrationDue)}
        type="date"
        required
        value={v.due}
        error={fields.calibrationDue}
        onChange={set('due')}
      />
    </ConfigForm>
  );
}

type Editing =
  { kind: 'parameter'; item: GasParameter | null } | { kind: 'instrument'; item: GasInstrument | null } | null;

function GasConfig() {
  const t = useCaptions();
  const config = useGasConfig();
  const [editing, setEditing] = useState<Editing>(null);
  const done = () => setEditing(null);
  if (config.isPending) return <Loader aria-label={t(L.title)} />;
  if (config.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(config.error) })}
      </Alert>
    );
  const { parameters, instruments } = config.data;
  return (
    <div className={classes.section}>
      <section aria-labelledby="gas-parameters" className={classes.section}>
        <h2 id="gas-parameters" className={classes.title}>
          {t(L.parameters)}
        </h2>
        {parameters.map((p) => (
          <div key={p.ID} className={classes.card}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <strong>
                  {p.code} — {p.name}
                </strong>
                <p className={classes.meta}>
                  {gasLimitsText(p)} · {p.isActive ? t(L.active) : t(L.inactive)}
                </p>
              </div>
              <Button
                variant="default"
                className={`${classes.touch} ${classes.fixed}`}
                aria-label={t(L.editParameter, { code: p.code })}
                onClick={() => setEditing({ kind: 'parameter', item: p })}
              >
                {t(B.edit)}
              </Button>
            </Group>
          </div>
        ))}
        {editing?.kind === 'parameter' ? (
          <ParameterForm key={editing.item?.ID ?? 'new'} parameter={editing.item} onDone={done} />
        ) : (
          <Button className={classes.touch} onClick={() => setEditing({ kind: 'parameter', item: null })}>
            {t(L.addParameter)}
          </Button>
        )}
      </section>
      <section aria-labelledby="gas-instruments" className={classes.section}>
        <h2 id="gas-instruments" className={classes.title}>
          {t(L.instruments)}
        </h2>
        {instruments.map((i) => (
          <div key={i.ID} className={classes.card}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <strong>
                  {i.name} ({i.serial})
                </strong>
                <p className={classes.meta}>
                  {t(L.calibrationDue)}: {i.calibrationDue}
                  {i.calibrationDue < today() && <strong className={classes.out}> · ⚠ {t(L.overdue)}</strong>} ·{' '}
                  {i.isActive ? t(L.active) : t(L.inactive)}
                </p>
              </div>
              <Button
                variant="default"
                className={`${classes.touch} ${classes.fixed}`}
                aria-label={t(L.editInstrument, { name: i.name })}
                onClick={() => setEditing({ kind: 'instrument', item: i })}
              >
                {t(B.edit)}
              </Button>
            </Group>
          </div>
        ))}
        {editing?.kind === 'instrument' ? (
          <InstrumentForm key={editing.item?.ID ?? 'new'} instrument={editing.item} onDone={done} />
        ) : (
          <Button className={classes.touch} onClick={() => setEditing({ kind: 'instrument', item: null })}>
            {t(L.addInstrument)}
          </Button>
        )}
      </section>
    </div>
  );
}

/** `/admin/gas-tests` (Administrator › Permit types › Gas tests): the facility's gas parameters and instruments. */
export function GasConfigPage() {
  const t = useCaptions();
  const title = t(L.title);
  return (
    <RightNavGate id="administrator" title={title}>
      <Page title={title} lead={t(L.lead)}>
        <GasConfig />
      </Page>
    </RightNavGate>
  );
}
