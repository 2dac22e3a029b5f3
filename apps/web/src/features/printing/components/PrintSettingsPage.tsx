import { printingLabels, printingTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { PrintSettings } from './PrintSettings';

/** `/printlist/print-settings` (right nav: Print Manage › Print Settings). */
export function PrintSettingsPage() {
  const t = useCaptions();
  const title = t(printingTitles.page);
  const childTitle = t(printingTitles.printSettings);
  return (
    <RightNavGate id="print-settings" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(printingLabels.settingsLead)}>
        <PrintSettings />
      </Page>
    </RightNavGate>
  );
}
