import { useSearchParams } from 'react-router';
import { componentManageLabels, componentManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { assetIdParam } from '../asset-matches';
import { AssetComponents } from './AssetComponents';
import { AssetPicker } from './AssetPicker';
import { Text } from '@mantine/core';

/**
 * `/assets/components-manage` (right nav: Asset › Component Manage). The chosen asset lives in
 * `?assetId=N`, so Asset Manage can link here and a reload keeps the asset open.
 */
export function ComponentManagePage() {
  const t = useCaptions();
  const title = t(componentManageTitles.page);
  const childTitle = t(componentManageTitles.childPage);
  const [params, setParams] = useSearchParams();
  const assetId = assetIdParam(params.get('assetId'));
  return (
    <RightNavGate id="component-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(componentManageLabels.lead)}>
        <AssetPicker onSelect={(id) => setParams({ assetId: String(id) })} />
        {assetId === null ? (
          <Text>{t(componentManageLabels.chooseAsset)}</Text>
        ) : (
          <AssetComponents key={assetId} assetId={assetId} />
        )}
      </Page>
    </RightNavGate>
  );
}
