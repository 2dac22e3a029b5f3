import { Alert, Loader } from '@mantine/core';
import { simopsLabels as L, type Permit } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { usePermitSimops } from '../api/get-permit-simops';
import classes from '../Simops.module.css';
import { ConflictList } from './ConflictList';
import { OverrideList } from './OverrideList';

/** The id of the section's heading: the notice above the command bar opens the section at it. */
export const simopsSectionId = 'simops-conflicts';

/** The permit page's Conflicts section: the SIMOPS conflicts now, and the overrides recorded on either side. */
export function SimopsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const simops = usePermitSimops(permit.ID, permit.version);
  if (simops.isPending) return <Loader aria-label={t(L.loading)} />;
  if (simops.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(simops.error) })}
      </Alert>
    );
  const { conflicts, overrides, timeZone } = simops.data;
  return (
    <div className={classes.section}>
      <section aria-labelledby={simopsSectionId} className={classes.section}>
        <h3 id={simopsSectionId} className={classes.title}>
          {t(L.conflicts, { count: conflicts.length })}
        </h3>
        {conflicts.length ? <ConflictList conflicts={conflicts} timeZone={timeZone} /> : <p>{t(L.noConflicts)}</p>}
      </section>
      <section aria-labelledby="simops-overrides" className={classes.section}>
        <h3 id="simops-overrides" className={classes.title}>
          {t(L.overrides, { count: overrides.length })}
        </h3>
        {overrides.length ? (
          <OverrideList permitId={permit.ID} overrides={overrides} timeZone={timeZone} />
        ) : (
          <p>{t(L.noOverrides)}</p>
        )}
      </section>
    </div>
  );
}
