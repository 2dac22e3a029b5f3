import { useState } from 'react';
import { Button } from '@mantine/core';
import { assetManageButtons, assetManageLabels, assetManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { AssetManage } from './AssetManage';

/** `/assets/manage` (right nav: Asset › Asset Manage). */
export function AssetManagePage() {
  const t = useCaptions();
  const title = t(assetManageTitles.page);
  const childTitle = t(assetManageTitles.childPage);
  const [creating, setCreating] = useState(false);
  return (
    <RightNavGate id="asset-manage" title={title} childTitle={childTitle}>
      <Page
        title={title}
        childTitle={childTitle}
        lead={t(assetManageLabels.lead)}
        actions={
          <Button leftSection={<Icon name="plus" size={18} />} onClick={() => setCreating(true)}>
            {t(assetManageButtons.newArea)}
          </Button>
        }
      >
        <AssetManage creatingTopArea={creating} onCreatingDone={() => setCreating(false)} />
      </Page>
    </RightNavGate>
  );
}
