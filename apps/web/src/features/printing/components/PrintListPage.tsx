import { printingLabels, printingTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { PrintList } from './PrintList';

/** `/printlist` (right nav: Print Manage › Print List). */
export function PrintListPage() {
  const t = useCaptions();
  const title = t(printingTitles.page);
  const childTitle = t(printingTitles.printList);
  return (
    <RightNavGate id="print-list" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(printingLabels.listLead)}>
        <PrintList />
      </Page>
    </RightNavGate>
  );
}
