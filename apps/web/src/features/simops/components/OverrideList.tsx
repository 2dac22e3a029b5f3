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
  // The permit named that is not this one links to it; this one is plain text.
  const ref = (p: SimopsOverrideRecord['permit']) =>
    p.ID === permitId ? <strong>{p.number}</strong> : <Link to={`/Permit/Edit/${p.ID}`}>{p.number}</Link>;
  return (
    <ul className={classes.list}>
      {overrides.map((o) => {
        const [before, middle, after] = t(L.override, {
          command: t(o.command === 'approve' ? L.commandApprove : L.commandIssue),
          permit: '\u0000',
          other: '\u0000',
        }).split('\u0000');
        return (
          <li key={o.ID} className={classes.card}>
            <p className={classes.plain}>
              {before}
              {ref(o.permit)}
              {middle}
              {ref(o.otherPermit)}
              {after}
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
