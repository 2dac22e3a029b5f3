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
  // "Ends"/"Ended" read the time the page opened; a reload moves it on.
  const [now] = useState(() => Date.now());
  const [cards] = useState(() => myWorkCards());
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
