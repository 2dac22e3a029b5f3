import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { shellAccess, type RightNavId } from '@hasp/contracts';
import { useCaptions } from '../lib/i18n';
import { useRightNavAccess } from '../lib/right-nav-access';
import { ContentLoader } from './ContentLoader';
import { Page } from './Page';

interface RightNavGateProps {
  id: RightNavId;
  title: string;
  childTitle?: string;
  children: ReactNode;
}

/**
 * Shows a right-nav page only to users who may use it (see useRightNavAccess); others get the
 * page's titles and the reason.
 * @example <RightNavGate id="group-manage" title="Security" childTitle="Group Manage"><GroupManage /></RightNavGate>
 */
export function RightNavGate({ id, title, childTitle, children }: RightNavGateProps) {
  const t = useCaptions();
  const { access, retry } = useRightNavAccess(id);
  if (access === 'loading') return <ContentLoader />;
  if (access === 'error') {
    return (
      <Page
        title={title}
        childTitle={childTitle}
        lead={t(shellAccess.permissionsFailed)}
        actions={
          <Button variant="default" onClick={retry}>
            {t(shellAccess.tryAgain)}
          </Button>
        }
      />
    );
  }
  if (access === 'switchedOff') return <Page title={title} childTitle={childTitle} lead={t(shellAccess.switchedOff)} />;
  if (access === 'denied') return <Page title={title} childTitle={childTitle} lead={t(shellAccess.denied)} />;
  return children;
}
