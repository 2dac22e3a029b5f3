import { Link } from 'react-router';
import { simopsLabels as L, type SimopsOverrideRecord } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Simops.module.css';
import { facilityTime } from './ConflictList';

/** The signed overrides naming the permit, on either side: what was done despite which permit, who, when, why. */
export function OverrideList({
  permitId,
  overrides,
  timeZone,
}: {
  permitId: number;
  overrides: SimopsOverrideRecord[];
  timeZone: string;
}) {
  const t = useCaptions();
  return (
    <ul className={classes.list}>
      {overrides.map((o) => {
        // The permit on the other side: a link to it (this permit may be either side).
        const other = o.permit.ID === permitId ? o.otherPermit : o.permit;
        return (
          <li key={o.ID} className={classes.card}>
            <p className={classes.plain}>
              {t(L.override, {
                command: t(o.command === 'approve' ? L.commandApprove : L.commandIssue),
                permit: o.permit.number,
                other: o.otherPermit.number,
              })}{' '}
              <Link to={`/Permit/Edit/${other.ID}`}>{t(L.openPermit, { number: other.number })}</Link>
            </p>
            <p className={classes.meta}>
              {t(L.overrideBy, { at: facilityTime(o.signedAt, timeZone), name: o.signer.displayName })}
            </p>
            <p className={classes.reason}>{o.reason}</p>
          </li>
        );
      })}
    </ul>
  );
}
