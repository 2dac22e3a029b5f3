import { Link } from 'react-router';
import {
  localTimeWithOffset,
  permitStatusCaptions,
  simopsLabels as L,
  simopsModeCaptions,
  type PermitStatus,
  type SimopsConflict,
  permitTypeNameCaption,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Simops.module.css';

/** An instant as the facility's clocks read it, with the offset ("2026-11-24 08:00 -06:00"). */
export const facilityTime = (at: string, timeZone: string) => localTimeWithOffset(new Date(at), timeZone);

/**
 * Other live permits meeting this one: each with its number (a link to it), type and status,
 * window in the facility's time, area, and the rule of the two types in words and colour.
 */
export function ConflictList({ conflicts, timeZone }: { conflicts: SimopsConflict[]; timeZone: string }) {
  const t = useCaptions();
  return (
    <ul className={classes.list}>
      {conflicts.map(({ permit, rule }) => {
        const status = permitStatusCaptions[permit.status as PermitStatus] as
          (typeof permitStatusCaptions)[PermitStatus] | undefined;
        return (
          <li key={permit.ID} className={classes.card}>
            <Link to={`/Permit/Edit/${permit.ID}`}>
              <strong>{permit.number}</strong>
            </Link>{' '}
            {permit.title}
            <dl className={classes.facts}>
              <dt>{t(L.type)}</dt>
              <dd>
                {t(permitTypeNameCaption(permit.type))}
                {status && ` · ${t(status)}`}
              </dd>
              <dt>{t(L.window)}</dt>
              <dd>
                {t(L.windowRange, {
                  start: facilityTime(permit.plannedStart, timeZone),
                  end: facilityTime(permit.plannedEnd, timeZone),
                })}
              </dd>
              <dt>{t(L.area)}</dt>
              <dd>
                {permit.area.number} {permit.area.name}
              </dd>
              <dt>{t(L.rule)}</dt>
              <dd className={classes[rule]}>
                {rule === 'warn' ? '⚠ ' : ''}
                {t(simopsModeCaptions[rule])}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
