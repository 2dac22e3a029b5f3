import { Text } from '@mantine/core';
import { shellPages } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import { Page } from '../../components/Page';
import { RightNavGate } from '../../components/RightNavGate';
import type { PlannedRoute } from './planned-routes';
import classes from './PlannedPage.module.css';

/** A screen that arrives with a later issue: its titles and what it will hold. */
export function PlannedPage({ route }: { route: PlannedRoute }) {
  const t = useCaptions();
  const content = (
    <Page title={route.title} childTitle={route.childTitle} lead={route.description}>
      <Text className={classes.note}>{t(shellPages.plannedNote)}</Text>
    </Page>
  );
  if (!route.rightNav) return content;
  return (
    <RightNavGate id={route.rightNav} title={route.title} childTitle={route.childTitle}>
      {content}
    </RightNavGate>
  );
}
