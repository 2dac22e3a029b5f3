import type { ReactNode } from 'react';
import { masterListLabels, masterListTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { MasterListManage } from './MasterListManage';

/**
 * `/masterlist/manage` (right nav: Master List › Master List Manage). `children`: settings that live
 * beside the lists, composed by app/ (the hazard analysis's risk matrix).
 */
export function MasterListManagePage({ children }: { children?: ReactNode }) {
  const t = useCaptions();
  const title = t(masterListTitles.page);
  const childTitle = t(masterListTitles.childPage);
  return (
    <RightNavGate id="masterlist-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(masterListLabels.lead)}>
        <MasterListManage />
        {children}
      </Page>
    </RightNavGate>
  );
}
