import { prefixManageLabels, prefixManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { PrefixManage } from './PrefixManage';
import { WorkerPrefixes } from './WorkerPrefixes';

/** `/masterlist/prefix-manage` (right nav: Master List › Prefix Manage). */
export function PrefixManagePage() {
  const t = useCaptions();
  const title = t(prefixManageTitles.page);
  const childTitle = t(prefixManageTitles.childPage);
  return (
    <RightNavGate id="prefix-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(prefixManageLabels.lead)}>
        <PrefixManage />
        <WorkerPrefixes />
      </Page>
    </RightNavGate>
  );
}
