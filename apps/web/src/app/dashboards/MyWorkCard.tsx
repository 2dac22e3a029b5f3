import { Loader, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { permitStatusLabels, type PermitIndexRow } from '@hasp/contracts';
import { usePermitIndexPage } from '../../features/permit-index';
import { TimeLeft } from '../../features/permits';
import { cardApiQuery, inForceStatuses, showAllHref, type MyWorkCard as Card } from './my-work';
import classes from './MyWork.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A permit in force counts down to its end; any other says when it is (or was) planned to end. */
function When({ row, now }: { row: PermitIndexRow; now: number }) {
  if (inForceStatuses.includes(row.status))
    return <TimeLeft plannedStart={row.plannedStart} plannedEnd={row.plannedEnd} />;
  const end = Date.parse(row.plannedEnd);
  return (
    <span>
      {end < now ? 'Ended' : 'Ends'} {dateTime.format(end)}
    </span>
  );
}

/** One "My work" card: its title and count, up to five permits, and the whole view one link away. */
export function MyWorkCard({ card, now }: { card: Card; now: number }) {
  const headingId = useId();
  const page = usePermitIndexPage(cardApiQuery(card));
  const total = page.data?.total;
  return (
    <section className={classes.card} aria-labelledby={headingId} data-card={card.id}>
      <header className={classes.cardHeader}>
        <h2 id={headingId} className={classes.cardTitle}>
          {card.title}
        </h2>
        {total !== undefined && (
          <p className={classes.count} data-testid="my-work-count">
            <strong>
              {total}
              {page.data?.totalCapped ? '+' : ''}
            </strong>{' '}
            {total === 1 ? 'permit' : 'permits'}
          </p>
        )}
      </header>
      {page.isPending ? (
        <Loader size="sm" aria-label={`Loading ${card.title}`} />
      ) : page.isError ? (
        <Text className={classes.empty}>These permits could not be loaded. Reload the page to try again.</Text>
      ) : page.data.rows.length === 0 ? (
        <Text className={classes.empty}>{card.empty}</Text>
      ) : (
        <ul className={classes.list}>
          {page.data.rows.map((row) => (
            <li key={row.ID}>
              <Link to={`/Permit/Edit/${row.ID}`} className={classes.permit} data-permit-id={row.ID}>
                <span className={classes.permitLine}>
                  <span className={classes.number}>{row.number}</span>
                  <span className={classes.status} data-status={row.status}>
                    {permitStatusLabels[row.status]}
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
          Show all<VisuallyHidden>: {card.title}</VisuallyHidden>
        </Link>
      )}
    </section>
  );
}
