import { masterListLabels, masterListTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { MasterListManage } from './MasterListManage';

/** `/masterlist/manage` (right nav: Master List › Master List Manage). */
export function MasterListManagePage() {
  const t = useCaptions();
  const title = t(masterListTitles.page);
  const childTitle = t(masterListTitles.childPage);
  return (
    <RightNavGate id="masterlist-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(masterListLabels.lead)}>
        <MasterListManage />
      </Page>
    </RightNavGate>
  );
}
