import { Alert, Button, Center, Loader } from '@mantine/core';
import { Link } from 'react-router';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  type Area,
  type Asset,
  type AssetPage,
  type TreePathEntry,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useArea } from '../api/get-area';
import { useAssetPage } from '../api/get-asset-page';
import { AssetFacts } from './AssetFacts';
import { StatusChanger } from './StatusChanger';
import classes from '../AssetManage.module.css';

export interface NodeActions {
  onEditArea: (area: Area) => void;
  onEditAsset: (asset: Asset) => void;
  onNewArea: (parent: Area) => void;
  onNewAsset: (placement: { area: Area } | { parent: AssetPage }) => void;
  onMove: (subject: { area: Area } | { asset: AssetPage }) => void;
  onStatusChanged: (asset: Asset) => void;
  onConflict: () => void;
}

const pathLabel = (path: readonly TreePathEntry[]) => path.map((entry) => entry.number).join(' › ');

/** The chosen node's details and what can be done with it, beside the tree. */
export function NodeDetails({
  selected,
  actions,
}: {
  selected: { kind: 'area' | 'asset'; ID: number };
  actions: NodeActions;
}) {
  return selected.kind === 'area' ? (
    <AreaDetails id={selected.ID} actions={actions} />
  ) : (
    <AssetDetails id={selected.ID} actions={actions} />
  );
}

function Loading() {
  const t = useCaptions();
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={t(assetManageLabels.loadingChildren)} />
    </Center>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const t = useCaptions();
  return (
    <Alert color="red" variant="light" title={t(assetManageMessages.detailsFailed)}>
      <Button variant="default" mt="xs" onClick={retry}>
        {t(assetManageButtons.retry)}
      </Button>
    </Alert>
  );
}

function AreaDetails({ id, actions }: { id: number; actions: NodeActions }) {
  const t = useCaptions();
  const area = useArea(id);
  const l = assetManageLabels;
  if (area.isPending) return <Loading />;
  if (area.isError) return <Failed retry={() => void area.refetch()} />;
  const a = area.data;
  return (
    <section className={classes.panel} aria-labelledby="asset-manage-details">
      <h2 id="asset-manage-details" className={classes.sectionTitle}>
        {t(l.area)} {a.number}
      </h2>
      <dl className={classes.facts}>
        <dt>{t(l.number)}</dt>
        <dd>{a.number}</dd>
        <dt>{t(l.name)}</dt>
        <dd>{a.name}</dd>
        <dt>{t(l.description)}</dt>
        <dd>{a.description || <span className={classes.muted}>{t(l.notGiven)}</span>}</dd>
        <dt>{t(assetManageTitles.path)}</dt>
        <dd>{a.path.length ? pathLabel(a.path) : t(l.topLevel)}</dd>
        <dt>{t(l.supervisors)}</dt>
        <dd data-testid="area-supervisors">
          {a.supervisors.length ? (
            a.supervisors.map((p) => p.displayName).join(', ')
          ) : (
            <span className={classes.muted}>
              {a.inheritedSupervisors
                ? t(l.supervisorsInherited, {
                    area: `${a.inheritedSupervisors.number} ${a.inheritedSupervisors.name}`,
                    people: a.inheritedSupervisors.people.map((p) => p.displayName).join(', '),
                  })
                : t(l.supervisorsNone)}
            </span>
          )}
        </dd>
      </dl>
      <div className={classes.actions}>
        <Button variant="default" leftSection={<Icon name="pencil" size={16} />} onClick={() => actions.onEditArea(a)}>
          {t(assetManageButtons.edit)}
        </Button>
        <Button variant="default" leftSection={<Icon name="plus" size={16} />} onClick={() => actions.onNewArea(a)}>
          {t(assetManageButtons.newSubArea)}
        </Button>
        <Button
          variant="default"
          leftSection={<Icon name="plus" size={16} />}
          onClick={() => actions.onNewAsset({ area: a })}
        >
          {t(assetManageButtons.newAsset)}
        </Button>
        <Button variant="default" onClick={() => actions.onMove({ area: a })}>
          {t(assetManageButtons.move)}
        </Button>
      </div>
    </section>
  );
}

function AssetDetails({ id, actions }: { id: number; actions: NodeActions }) {
  const t = useCaptions();
  const page = useAssetPage(id);
  if (page.isPending) return <Loading />;
  if (page.isError) return <Failed retry={() => void page.refetch()} />;
  const { asset, path } = page.data;
  return (
    <section className={classes.panel} aria-labelledby="asset-manage-details">
      <h2 id="asset-manage-details" className={classes.sectionTitle}>
        {t(assetManageLabels.asset)} {asset.number}
      </h2>
      <AssetFacts asset={asset} />
      <dl className={classes.facts}>
        <dt>{t(assetManageTitles.path)}</dt>
        <dd>{pathLabel(path)}</dd>
      </dl>
      <StatusChanger asset={asset} onChanged={actions.onStatusChanged} onConflict={actions.onConflict} />
      <div className={classes.actions}>
        <Button component={Link} to={`/assets/manage/${asset.ID}`}>
          {t(assetManageButtons.openPage)}
        </Button>
        <Button
          variant="default"
          leftSection={<Icon name="pencil" size={16} />}
          onClick={() => actions.onEditAsset(asset)}
        >
          {t(assetManageButtons.edit)}
        </Button>
        <Button
          variant="default"
          leftSection={<Icon name="plus" size={16} />}
          onClick={() => actions.onNewAsset({ parent: page.data })}
        >
          {t(assetManageButtons.newSubAsset)}
        </Button>
        <Button variant="default" onClick={() => actions.onMove({ asset: page.data })}>
          {t(assetManageButtons.move)}
        </Button>
      </div>
    </section>
  );
}
