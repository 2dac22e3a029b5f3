import { Alert, Button, Loader } from '@mantine/core';
import { prefixManageButtons, prefixManageLabels, prefixManageTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { usePrefixes } from '../../../workers/use-prefixes';
import cardGrid from '../../../components/CardGrid.module.css';
import classes from '../PrefixManage.module.css';

/** The prefixes in use, keyed by permit type code, as the background worker fetched them. */
export function WorkerPrefixes() {
  const t = useCaptions();
  const prefixes = usePrefixes();
  const l = prefixManageLabels;
  return (
    <section className={classes.worker} aria-labelledby="worker-prefixes-heading" aria-busy={prefixes.isPending}>
      <h2 id="worker-prefixes-heading" className={cardGrid.heading}>
        {t(prefixManageTitles.workerPrefixes)}
      </h2>
      <p className={classes.help}>{t(l.workerLead)}</p>
      {prefixes.isPending && (
        <p className={classes.help}>
          <Loader size="xs" mr="xs" />
          {t(l.workerLoading)}
        </p>
      )}
      {prefixes.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(l.workerFailed, { reason: prefixes.error.message })}
          <Button variant="default" size="xs" ml="sm" onClick={() => void prefixes.refetch()}>
            {t(prefixManageButtons.retry)}
          </Button>
        </Alert>
      )}
      {prefixes.isSuccess &&
        (Object.keys(prefixes.data).length === 0 ? (
          <p className={classes.help}>{t(l.noPrefixes)}</p>
        ) : (
          <dl className={classes.prefixList} data-testid="worker-prefixes">
            {Object.entries(prefixes.data).map(([code, prefix]) => (
              <div key={code} className={classes.prefixItem}>
                <dt>{code}</dt>
                <dd>{prefix}</dd>
              </div>
            ))}
          </dl>
        ))}
    </section>
  );
}
