import { useState } from 'react';
import { Page } from '../../components/Page';
import { myWorkCards } from './my-work';
import { MyWorkCard } from './MyWorkCard';
import classes from './MyWork.module.css';

/**
 * `/dashboards` (behind DashboardsGate): until custom dashboards with widgets arrive (issue 20),
 * the signed-in user's own work, read from the permit index's views.
 */
export function DashboardsPage() {
  // The day window of "expiring" (and "Ends"/"Ended") is fixed when the page opens; a reload moves it on.
  const [now] = useState(() => Date.now());
  const [cards] = useState(() => myWorkCards(now));
  return (
    <Page
      title="Dashboards"
      lead="My work: the permits waiting for you, the ones you hold or asked for, and those ending soon."
    >
      <div className={classes.grid}>
        {cards.map((card) => (
          <MyWorkCard key={card.id} card={card} now={now} />
        ))}
      </div>
    </Page>
  );
}
