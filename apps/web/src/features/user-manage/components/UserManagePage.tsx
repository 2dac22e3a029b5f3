import { userManageLabels, userManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { UserManager } from './UserManager';

/** `/security/user-manage` (right nav: Security › User Manage). */
export function UserManagePage() {
  const t = useCaptions();
  const title = t(userManageTitles.page);
  const childTitle = t(userManageTitles.childPage);
  return (
    <RightNavGate id="user-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(userManageLabels.lead)}>
        <UserManager />
      </Page>
    </RightNavGate>
  );
}
