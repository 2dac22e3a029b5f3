import { Alert, Button, Select, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { gasLimitsText, gasTestButtons as B, gasTestLabels as L, type GasTestsView } from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { refusedFieldsOf, reasonOf } from '../../../lib/send-form';
import classes from '../GasTests.module.css';
import { readingValue, typedOutOfLimits } from './reading-fields';

interface Props {
  view: GasTestsView;
  pending: boolean;
  error: unknown;
  /** Sends the test; resolves true when it was recorded (the form then empties). */
  onRecord: (body: object) => Promise<boolean>;
}

/**
 * The test form: a reading per active parameter (each says its limits, and says "Out of limits"
 * as it is typed), the instrument, the place and, optionally, the time. The tester is the signed-in
 * person (shown, not chosen): whoever took the readings records them. A refused test keeps everything typed.
 */
export function RecordGasTest({ view, pending, error, onRecord }: Props) {
  const t = useCaptions();
  const [values, setValues] = useState<Record<number, string>>({});
  const [instrument, setInstrument] = useState<string | null>(null);
  const { session } = useAuthState();
  const [location, setLocation] = useState('');
  const [testedAt, setTestedAt] = useState('');
  const fields = refusedFieldsOf(error);
  if (!view.parameters.length)
    return (
      <Alert color="yellow" variant="light">
        {t(L.noParameters)}
      </Alert>
    );
  if (!view.instruments.length)
    return (
      <Alert color="yellow" variant="light">
        {t(L.noInstruments)}
      </Alert>
    );
  const chosen = instrument ?? String(view.instruments[0]!.ID);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      readings: view.parameters.map((p) => ({ parameterId: p.ID, value: readingValue(values[p.ID] ?? '') })),
      instrumentId: Number(chosen),
      ...(testedAt ? { testedAt: new Date(testedAt).toISOString() } : {}),
      location,
    };
    if (await onRecord(body)) {
      setValues({});
      setTestedAt('');
    }
  };
  const generalError = error && !Object.keys(fields).some((f) => f !== 'readings') ? reasonOf(error) : null;
  return (
    <section className={classes.card} aria-labelledby="gas-record">
      <h3 id="gas-record" className={classes.title}>
        {t(L.recordTitle)}
      </h3>
      <form className={classes.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={classes.readings}>
          {view.parameters.map((p) => {
            const text = values[p.ID] ?? '';
            const out = typedOutOfLimits(text, p);
            const limits = gasLimitsText(p);
            return (
              <TextInput
                key={p.ID}
                label={t(L.reading, { code: p.code, unit: p.unit })}
                description={t(L.limits, { limits })}
                required
                size="md"
                inputMode="decimal"
                autoComplete="off"
                value={text}
                error={out ? `⚠ ${t(L.outOfLimits, { limits })}` : undefined}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setValues((current) => ({ ...current, [p.ID]: next }));
                }}
              />
            );
          })}
        </div>
        {fields.readings && (
          <Alert color="red" variant="light" role="alert">
            {fields.readings}
          </Alert>
        )}
        <Select
          label={t(L.instrument)}
          size="md"
          allowDeselect={false}
          data={view.instruments.map((i) => ({
            value: String(i.ID),
            label: t(L.instrumentOption, { name: i.name, serial: i.serial, due: i.calibrationDue }),
          }))}
          value={chosen}
          onChange={setInstrument}
          error={fields.instrumentId}
          comboboxProps={{ zIndex: 500 }}
        />
        <Text size="sm">{t(L.testerIsYou, { name: session?.user.displayName ?? '' })}</Text>
        <TextInput
          label={t(L.location)}
          required
          size="md"
          value={location}
          error={fields.location}
          onChange={(event) => setLocation(event.currentTarget.value)}
        />
        <TextInput
          label={t(L.testedAt)}
          type="datetime-local"
          size="md"
          value={testedAt}
          error={fields.testedAt}
          onChange={(event) => setTestedAt(event.currentTarget.value)}
        />
        {generalError && (
          <Alert color="red" variant="light" role="alert">
            {t(L.failed, { reason: generalError })}
          </Alert>
        )}
        <Button type="submit" fullWidth size="lg" className={classes.big} loading={pending}>
          {t(B.record)}
        </Button>
      </form>
    </section>
  );
}
