import { useState } from 'react';
import { assetImportLabels, assetImportTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { ImportFileView } from './ImportFileView';
import { ImportHistory } from './ImportHistory';
import { TemplateLinks } from './TemplateLinks';
import { UploadForm } from './UploadForm';

/** `/assets/import-files` (right nav: Asset › Import Manage). */
export function AssetImportPage() {
  const t = useCaptions();
  const title = t(assetImportTitles.page);
  const childTitle = t(assetImportTitles.childPage);
  // The file whose report is open: the one just uploaded, or one chosen from the history.
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <RightNavGate id="import-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(assetImportLabels.lead)}>
        <TemplateLinks />
        <UploadForm onUploaded={(file) => setOpenId(file.ID)} />
        {openId !== null && <ImportFileView key={openId} id={openId} onClose={() => setOpenId(null)} />}
        <ImportHistory onOpen={setOpenId} />
      </Page>
    </RightNavGate>
  );
}
