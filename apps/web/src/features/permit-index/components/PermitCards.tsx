import { Link } from 'react-router';
import { permitIndexLabels, permitStatusCaptions, permitTypeNameCaption, type PermitIndexRow } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import classes from '../PermitIndex.module.css';

/**
 * The index on a phone: one card per permit with what a person on the floor picks a permit by
 * (number, type, status, title, holder, end), whatever columns the desktop grid shows. A grid at
 * 390 px showed only the number and type, the rest a sideways scroll away.
 */
export function PermitCards({ rows, busy }: { rows: readonly PermitIndexRow[]; busy: boolean }) {
  const t = useCaptions();
  return (
    <ul className={classes.cards} aria-label={t(permitIndexLabels.grid)} aria-busy={busy || undefined}>
      {rows.map((row) => (
        <li key={row.ID}>
          <Link to={`/Permit/Edit/${row.ID}`} className={classes.cardLink}>
            <span className={classes.cardTop}>
              <strong className={classes.cardNumber}>{row.number}</strong>
              <span className={classes.status} data-status={row.status}>
                {t(permitStatusCaptions[row.status])}
              </span>
            </span>
            <span className={classes.type}>
              <span className={classes.swatch} style={{ background: row.permitType.color }} aria-hidden />
              {t(permitTypeNameCaption({ ID: row.permitType.ID, name: row.permitType.name }))}
            </span>
            <span className={classes.cardTitle}>{row.title}</span>
            <span className={classes.cardMeta}>
              {row.holder
                ? t(permitIndexLabels.cardHolder, { name: row.holder.displayName })
                : t(permitIndexLabels.noHolder)}
              {' · '}
              {t(permitIndexLabels.cardEnds, { at: formatDateTime(row.plannedEnd) })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
