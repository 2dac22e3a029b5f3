import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  type AssetPage as AssetPageData,
} from '@hasp/contracts';
import { ContentLoader } from '../../../components/ContentLoader';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { Icon } from '../../../components/Icon';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAssetPage } from '../api/get-asset-page';
import { assetKeys } from '../api/keys';
import { AssetDialog } from './AssetDialog';
import { AssetFacts } from './AssetFacts';
import { AssetPhotos } from './AssetPhotos';
import { ComponentsSummary } from './ComponentsSummary';
import { StatusChanger } from './StatusChanger';
import classes from '../AssetManage.module.css';

/** `/assets/manage/:assetId`: one asset, with its own address so it can be linked. */
export function AssetPage() {
  const t = useCaptions();
  const title = t(assetManageTitles.page);
  const childTitle = t(assetManageTitles.childPage);
  return (
    <RightNavGate id="asset-manage" title={title} childTitle={childTitle}>
      <AssetPageBody />
    </RightNavGate>
  );
}

function AssetPageBody() {
  const t = useCaptions();
  const id = Number(useParams().assetId);
  const valid = Number.isInteger(id) && id > 0;
  const page = useAssetPage(valid ? id : null);
  const title = t(assetManageTitles.page);
  const back = (
    <Button component={Link} to="/assets/manage" variant="default">
      {t(assetManageButtons.backToTree)}
    </Button>
  );
  if (!valid || (page.isError && page.error instanceof ApiRequestError && page.error.status === 404)) {
    return (
      <Page
        title={title}
        childTitle={t(assetManageTitles.childPage)}
        lead={t(assetManageMessages.assetNotFound)}
        actions={back}
      />
    );
  }
  if (page.isPending) return <ContentLoader />;
  if (page.isError) {
    return (
      <Page
        title={title}
        childTitle={t(assetManageTitles.childPage)}
        lead={t(assetManageMessages.detailsFailed)}
        actions={
          <Button variant="default" onClick={() => void page.refetch()}>
            {t(assetManageButtons.retry)}
          </Button>
        }
      />
    );
  }
  return <AssetPageView data={page.data} />;
}

function AssetPageView({ data }: { data: AssetPageData }) {
  const t = useCaptions();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const { asset, path, components, photos } = data;
  const reload = () => void queryClient.invalidateQueries({ queryKey: assetKeys.asset(asset.ID) });
  return (
    <Page
      title={t(assetManageTitles.page)}
      childTitle={`${asset.number} ${asset.description}`}
      lead={
        <nav aria-label={t(assetManageLabels.breadcrumb)} className={classes.breadcrumb}>
          <ol>
            <li>
              <Link to="/assets/manage">{t(assetManageTitles.childPage)}</Link>
            </li>
            {path.map((entry) => (
              <li key={`${entry.kind}:${entry.ID}`}>
                <Link to={`/assets/manage?node=${entry.kind}:${entry.ID}`}>
                  {entry.number} {entry.name}
                </Link>
              </li>
            ))}
            <li aria-current="page">{asset.number}</li>
          </ol>
        </nav>
      }
      actions={
        <>
          <Button component={Link} to={`/assets/manage?node=asset:${asset.ID}`} variant="default">
            {t(assetManageButtons.backToTree)}
          </Button>
          <Button leftSection={<Icon name="pencil" size={18} />} onClick={() => setEditing(true)}>
            {t(assetManageButtons.edit)}
          </Button>
        </>
      }
    >
      <div className={classes.layout}>
        <section className={classes.panel} aria-labelledby="asset-details">
          <h2 id="asset-details" className={classes.sectionTitle}>
            {t(assetManageTitles.details)}
          </h2>
          <AssetFacts asset={asset} />
          <StatusChanger asset={asset} onChanged={reload} onConflict={reload} />
        </section>
        <AssetPhotos assetId={asset.ID} assetNumber={asset.number} photos={photos} />
      </div>
      <ComponentsSummary assetId={asset.ID} components={components} />
      <section className={classes.panel} aria-labelledby="asset-permits">
        <h2 id="asset-permits" className={classes.sectionTitle}>
          {t(assetManageTitles.permits)}
        </h2>
        <Text>{t(assetManageLabels.permitsNone)}</Text>
      </section>
      <AssetDialog
        mode={editing ? { kind: 'edit', asset } : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setEditing(false);
          showToast({ title: saved.number, message: t(assetManageMessages.saved), tone: 'success' });
          reload();
        }}
        onConflict={reload}
      />
    </Page>
  );
}
