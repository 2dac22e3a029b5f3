import { Alert, Loader } from '@mantine/core';
import { useRef } from 'react';
import { gasTestLabels as L, sayIn, type GasTestCommand, type Permit } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useGasTests } from '../api/get-gas-tests';
import { useGasTestCommand } from '../api/send-gas-test-command';
import classes from '../GasTests.module.css';
import { GasTestCard } from './GasTestCard';
import { RecordGasTest } from './RecordGasTest';

/**
 * The permit page's Gas tests section: whether the latest test lets the permit be issued (the
 * server's words when not), the test form, and every test newest first (voided ones struck through).
 */
export function GasTestsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const tests = useGasTests(permit.ID);
  const command = useGasTestCommand(permit.ID);
  // One key per test being entered: a retry after a lost answer records it once.
  const key = useRef<string>(crypto.randomUUID());
  if (tests.isPending) return <Loader aria-label={t(L.loading)} />;
  if (tests.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(tests.error) })}
      </Alert>
    );
  const view = tests.data;
  const send = async (verb: GasTestCommand, body: object) => {
    try {
      await command.mutateAsync({ verb, body, version: view.version, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      return true;
    } catch {
      return false;
    }
  };
  const latest = view.tests.find((x) => !x.voided);
  return (
    <div className={classes.section}>
      {view.refusal ? (
        <Alert color="yellow" variant="light" title={`⚠ ${t(L.blocked)}`} role="status">
          {sayIn(view.refusalSaid, view.refusal, t)}
        </Alert>
      ) : (
        latest && (
          <Alert color="green" variant="light" title={`✓ ${t(L.ready)}`} role="status">
            {t(L.readySince, { at: formatDateTime(latest.testedAt), minutes: view.retestMinutes })}
          </Alert>
        )
      )}
      {view.canRecord && (
        <RecordGasTest
          view={view}
          pending={command.isPending && command.variables?.verb === 'record'}
          error={command.variables?.verb === 'record' ? command.error : null}
          onRecord={(body) => send('record', body)}
        />
      )}
      <section aria-labelledby="gas-history" className={classes.section}>
        <h3 id="gas-history" className={classes.title}>
          {t(L.history, { count: view.tests.length })}
        </h3>
        {view.tests.length === 0 && <p>{t(L.none)}</p>}
        {view.tests.map((test) => (
          <GasTestCard
            key={test.ID}
            test={test}
            canVoid={view.canVoid}
            pending={command.isPending && command.variables?.verb === 'void'}
            onVoid={(reason) => void send('void', { testId: test.ID, reason })}
          />
        ))}
        {command.variables?.verb === 'void' && command.error && (
          <Alert color="red" variant="light" role="alert">
            {t(L.failed, { reason: reasonOf(command.error) })}
          </Alert>
        )}
      </section>
    </div>
  );
}
