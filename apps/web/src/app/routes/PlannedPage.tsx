import { Button, Text } from '@mantine/core';
import { rightNavPermission, type RightNavId } from '@hasp/contracts';
import { useSessionContext } from '../../lib/session-context';
import { ContentLoader } from '../layout/ContentLoader';
import { Page } from './Page';
import type { PlannedRoute } from './planned-routes';
import classes from './PlannedPage.module.css';

/** A screen that arrives with a later issue: its titles and what it will hold. */
export function PlannedPage({ route }: { route: PlannedRoute }) {
  const content = (
    <Page title={route.title} childTitle={route.childTitle} lead={route.description}>
      <Text className={classes.note}>This screen is not available yet; it arrives in a later release.</Text>
    </Page>
  );
  if (!route.rightNav) return content;
  return (
    <RightNavGate id={route.rightNav} title={route.title} childTitle={route.childTitle}>
      {content}
    </RightNavGate>
  );
}

interface RightNavGateProps {
  id: RightNavId;
  title: string;
  childTitle?: string;
  children: React.ReactNode;
}

/**
 * A right-nav page opened by its URL follows the same rules as its menu entry: hidden when the
 * facility switches it off, refused without the user's right-nav permission. The server enforces
 * the same on every call; this keeps the screen honest.
 */
function RightNavGate({ id, title, childTitle, children }: RightNavGateProps) {
  const context = useSessionContext();
  if (context.isPending) return <ContentLoader />;
  if (context.isError) {
    return (
      <Page
        title={title}
        childTitle={childTitle}
        lead="Your permissions could not be loaded."
        actions={
          <Button variant="default" onClick={() => void context.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (context.data.securitySettings[id] !== true) {
    return <Page title={title} childTitle={childTitle} lead="This feature is switched off for this facility." />;
  }
  if (!context.data.permissions.includes(rightNavPermission(id))) {
    return (
      <Page
        title={title}
        childTitle={childTitle}
        lead="You do not have permission to open this page. An administrator can grant it through your groups."
      />
    );
  }
  return children;
}
