import { Alert, Button, Checkbox, Group, Loader, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
  const set = (field: keyof typeof v, value: string | boolean) => setV((c) => ({ ...c, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
  const title = parameter ? t(L.editParameter, { code: parameter.code }) : t(L.addParameter);
  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={submit} noValidate aria-label={title}>
      <h3 className={classes.title}>{title}</h3>
      <TextInput
        label={t(L.code)}
        required
        size="md"
        value={v.code}
        error={fields.code}
        onChange={(e) => set('code', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.name)}
        required
        size="md"
        value={v.name}
        error={fields.name}
        onChange={(e) => set('name', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.unit)}
        required
        size="md"
        value={v.unit}
        error={fields.unit}
        onChange={(e) => set('unit', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.lowLimit)}
        size="md"
        inputMode="decimal"
        value={v.low}
        error={fields.lowLimit}
        onChange={(e) => set('low', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.highLimit)}
        size="md"
        inputMode="decimal"
        value={v.high}
        error={fields.highLimit}
        onChange={(e) => set('high', e.currentTarget.value)}
      />
      {parameter && (
        <Checkbox
          label={t(L.active)}
          size="md"
          checked={v.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
        />
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
          {parameter ? t(B.save) : t(B.add)}
        </Button>
      </Group>
    </form>
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
  const set = (field: keyof typeof v, value: string | boolean) => setV((c) => ({ ...c, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: v.name, serial: v.serial, calibrationDue: v.due, isActive: v.active };
    save.mutate({ kind: 'instruments', id: instrument?.ID ?? null, body }, { onSuccess: onDone });
  };
  const title = instrument ? t(L.editInstrument, { name: instrument.name }) : t(L.addInstrument);
  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={submit} noValidate aria-label={title}>
      <h3 className={classes.title}>{title}</h3>
      <TextInput
        label={t(L.name)}
        required
        size="md"
        value={v.name}
        error={fields.name}
        onChange={(e) => set('name', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.serial)}
        required
        size="md"
        value={v.serial}
        error={fields.serial}
        onChange={(e) => set('serial', e.currentTarget.value)}
      />
      <TextInput
        label={t(L.calibrationDue)}
        type="date"
        required
        size="md"
        value={v.due}
        error={fields.calibrationDue}
        onChange={(e) => set('due', e.currentTarget.value)}
      />
      {instrument && (
        <Checkbox
          label={t(L.active)}
          size="md"
          checked={v.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
        />
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
          {instrument ? t(B.save) : t(B.add)}
        </Button>
      </Group>
    </form>
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
