import { tagReportLabels, tagReportTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { TagReportLinks } from './TagReportLinks';

/** `/configuration/tag-report-links` (right nav: Master List › Tag Report Manage). */
export function TagReportLinksPage() {
  const t = useCaptions();
  const title = t(tagReportTitles.page);
  const childTitle = t(tagReportTitles.childPage);
  return (
    <RightNavGate id="tag-report-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(tagReportLabels.lead)}>
        <TagReportLinks />
      </Page>
    </RightNavGate>
  );
}
