import { securityListsLabels, securityListsTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { SecurityLists } from './SecurityLists';

/** `/security/lists` (right nav: Security › Security Lists). */
export function SecurityListsPage() {
  const t = useCaptions();
  const title = t(securityListsTitles.page);
  const childTitle = t(securityListsTitles.childPage);
  return (
    <RightNavGate id="security-lists" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(securityListsLabels.lead)}>
        <SecurityLists />
      </Page>
    </RightNavGate>
  );
}
