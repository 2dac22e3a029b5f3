import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { gasLimitsText, gasTestButtons as B, gasTestLabels as L, type GasTest } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import classes from '../GasTests.module.css';

/** One recorded test: when measured and by whom, where, when received and by whom recorded, each reading with its result in words; void with a reason. */
export function GasTestCard({
  test,
  canVoid,
  pending,
  onVoid,
}: {
  test: GasTest;
  canVoid: boolean;
  pending: boolean;
  onVoid: (reason: string) => void;
}) {
  const t = useCaptions();
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const headingId = `gas-test-${test.ID}`;
  return (
    <article className={classes.card} aria-labelledby={headingId}>
      <h4 id={headingId} className={`${classes.title} ${test.voided ? classes.voided : ''}`}>
        {t(L.testedBy, { at: formatDateTime(test.testedAt), tester: test.tester.name })}
      </h4>
      <p className={classes.meta}>
        {t(L.where, { location: test.location, instrument: test.instrument.name, serial: test.instrument.serial })}
      </p>
      <p className={classes.meta}>
        {t(L.recorded, { at: formatDateTime(test.recordedAt), name: test.recordedBy.name })}
      </p>
      {test.voided && (
        <p>
          <strong>
            {t(L.voided, { at: formatDateTime(test.voided.at), name: test.voided.by, reason: test.voided.reason })}
          </strong>
        </p>
      )}
      <table className={`${classes.table} ${test.voided ? classes.voided : ''}`}>
        <thead>
          <tr>
            <th scope="col">{t(L.parameter)}</th>
            <th scope="col">{t(L.value)}</th>
            <th scope="col">{t(L.result)}</th>
          </tr>
        </thead>
        <tbody>
          {test.readings.map((r) => (
            <tr key={r.parameterId} className={r.inLimits ? undefined : classes.out}>
              <th scope="row">{r.code}</th>
              <td>
                {r.value} {r.unit}
              </td>
              <td>{r.inLimits ? t(L.inLimits) : `⚠ ${t(L.outOfLimits, { limits: gasLimitsText(r) })}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {canVoid && !test.voided && !voiding && (
        <Button variant="subtle" color="gray" className={classes.touch} mt="xs" onClick={() => setVoiding(true)}>
          {t(B.void)}
        </Button>
      )}
      {voiding && (
        <div className={classes.form}>
          <TextInput
            label={t(L.voidReason)}
            required
            size="md"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group grow>
            <Button variant="default" className={classes.touch} onClick={() => setVoiding(false)}>
              {t(B.cancel)}
            </Button>
            <Button
              color="red"
              className={classes.touch}
              loading={pending}
              disabled={!reason.trim()}
              onClick={() => onVoid(reason)}
            >
              {t(B.confirmVoid)}
            </Button>
          </Group>
        </div>
      )}
    </article>
  );
}
