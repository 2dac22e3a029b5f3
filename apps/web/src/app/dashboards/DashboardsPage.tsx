import { useState } from 'react';
import { dashboardsTitles } from '@hasp/contracts';
import { Page } from '../../components/Page';
import { useCaptions } from '../../lib/i18n';
import { myWorkCards } from './my-work';
import { MyWorkCard } from './MyWorkCard';
import classes from './MyWork.module.css';

/**
 * `/dashboards` (behind DashboardsGate): until custom dashboards with widgets arrive (issue 20),
 * the signed-in user's own work, read from the permit index's views.
 */
export function DashboardsPage() {
  // "Ends"/"Ended" read the time the page opened; a reload moves it on.
  const t = useCaptions();
  const [now] = useState(() => Date.now());
  const [cards] = useState(() => myWorkCards());
  return (
    <Page title={t(dashboardsTitles.page)} lead={t(dashboardsTitles.lead)}>
      <div className={classes.grid}>
        {cards.map((card) => (
          <MyWorkCard key={card.id} card={card} now={now} />
        ))}
      </div>
    </Page>
  );
}
