import { Loader, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { dashboardsLabels, permitStatusCaptions, type PermitIndexRow } from '@hasp/contracts';
import { formatDateTime } from '../../lib/date-time';
import { useCaptions } from '../../lib/i18n';
import { usePermitIndexPage } from '../../features/permit-index';
import { TimeLeft } from '../../features/permits';
import { cardApiQuery, inForceStatuses, showAllHref, type MyWorkCard as Card } from './my-work';
import classes from './MyWork.module.css';

/** A permit in force counts down to its end; any other says when it is (or was) planned to end. */
function When({ row, now }: { row: PermitIndexRow; now: number }) {
  const t = useCaptions();
  if (inForceStatuses.includes(row.status))
    return <TimeLeft plannedStart={row.plannedStart} plannedEnd={row.plannedEnd} />;
  const end = Date.parse(row.plannedEnd);
  return <span>{t(end < now ? dashboardsLabels.ended : dashboardsLabels.ends, { when: formatDateTime(end) })}</span>;
}

/** One "My work" card: its title and count, up to five permits, and the whole view one link away. */
export function MyWorkCard({ card, now }: { card: Card; now: number }) {
  const t = useCaptions();
  const headingId = useId();
  const title = t(card.title);
  const page = usePermitIndexPage(cardApiQuery(card));
  const total = page.data?.total;
  return (
    <section className={classes.card} aria-labelledby={headingId} data-card={card.id}>
      <header className={classes.cardHeader}>
        <h2 id={headingId} className={classes.cardTitle}>
          {title}
        </h2>
        {total !== undefined && (
          <p className={classes.count} data-testid="my-work-count">
            <strong>
              {total}
              {page.data?.totalCapped ? '+' : ''}
            </strong>{' '}
            {t(total === 1 ? dashboardsLabels.permit : dashboardsLabels.permits)}
          </p>
        )}
      </header>
      {page.isPending ? (
        <Loader size="sm" aria-label={t(dashboardsLabels.loadingCard, { card: title })} />
      ) : page.isError ? (
        <Text className={classes.empty}>{t(dashboardsLabels.loadFailed)}</Text>
      ) : page.data.rows.length === 0 ? (
        <Text className={classes.empty}>{t(card.empty)}</Text>
      ) : (
        <ul className={classes.list}>
          {page.data.rows.map((row) => (
            <li key={row.ID}>
              <Link to={`/Permit/Edit/${row.ID}`} className={classes.permit} data-permit-id={row.ID}>
                <span className={classes.permitLine}>
                  <span className={classes.number}>{row.number}</span>
                  <span className={classes.status} data-status={row.status}>
                    {t(permitStatusCaptions[row.status])}
                  </span>
                </span>
                <span className={classes.title}>{row.title}</span>
                <span className={classes.when}>
                  <When row={row} now={now} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total !== undefined && total > 0 && (
        <Link to={showAllHref(card)} className={classes.showAll}>
          {t(dashboardsLabels.showAll)}
          <VisuallyHidden>: {title}</VisuallyHidden>
        </Link>
      )}
    </section>
  );
}
