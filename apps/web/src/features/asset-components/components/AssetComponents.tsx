import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Text, Title } from '@mantine/core';
import {
  componentManageButtons,
  componentManageLabels,
  componentManageMessages,
  componentManageTitles,
} from '@hasp/contracts';
import { ContentLoader } from '../../../components/ContentLoader';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useAssetPage } from '../api/get-asset-page';
import { useMasterList } from '../api/get-master-list';
import { pathText } from '../asset-matches';
import { latestRecord, type Editing } from '../editing';
import { ComponentCard } from './ComponentCard';
import { ComponentForm } from './ComponentForm';
import { EnergySourceForm } from './EnergySourceForm';
import { IsolationPointForm } from './IsolationPointForm';
import classes from '../ComponentManage.module.css';

const drawerTitle = (editing: Editing) => {
  const titles = componentManageTitles;
  if (editing.kind === 'component') return editing.component ? titles.editComponent : titles.newComponent;
  if (editing.kind === 'energy-source') return editing.source ? titles.editEnergySource : titles.newEnergySource;
  return editing.point ? titles.editIsolationPoint : titles.newIsolationPoint;
};

/** One asset's components with their energy sources and isolation points, and the forms that edit them. */
export function AssetComponents({ assetId }: { assetId: number }) {
  const t = useCaptions();
  const l = componentManageLabels;
  const page = useAssetPage(assetId);
  const energyTypes = useMasterList('energy-types');
  const deviceTypes = useMasterList('device-types');
  const [editing, setEditing] = useState<Editing | null>(null);

  if (page.isPending) return <ContentLoader />;
  if (page.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t(componentManageMessages.loadFailed)}>
        <Text size="sm">{page.error.message}</Text>
        <Button mt="xs" size="xs" variant="default" onClick={() => void page.refetch()}>
          {t(componentManageButtons.tryAgain)}
        </Button>
      </Alert>
    );
  }
  const { asset, path, components } = page.data;
  // The record as last loaded: after a conflict and a reload, saving again uses its new version.
  const current = editing && latestRecord(editing, components);
  const close = () => setEditing(null);
  const reload = () => void page.refetch();

  return (
    <section className={classes.asset} aria-labelledby="component-manage-asset">
      <div className={classes.assetHeader}>
        <div className={classes.assetHeading}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t(l.selectedAsset)}
          </Text>
          <Title order={2} id="component-manage-asset" className={classes.assetTitle}>
            {asset.number} — {asset.description}
          </Title>
          {path.length > 0 && <Text size="sm">{t(l.inArea, { path: pathText(path) })}</Text>}
        </div>
        <Button
          leftSection={<Icon name="plus" size={18} />}
          onClick={() => setEditing({ kind: 'component', component: null })}
        >
          {t(componentManageButtons.addComponent)}
        </Button>
      </div>
      {(energyTypes.isError || deviceTypes.isError) && (
        <Alert color="red" variant="light" role="alert">
          {t(componentManageMessages.listsFailed)}
        </Alert>
      )}
      <Title order={3} className={classes.sectionTitle}>
        {t(componentManageTitles.components)} <Badge variant="light">{components.length}</Badge>
      </Title>
      {components.length === 0 && <Text>{t(l.noComponents)}</Text>}
      <ul className={classes.components}>
        {components.map((component) => (
          <li key={component.ID}>
            <ComponentCard assetId={assetId} component={component} onEdit={setEditing} />
          </li>
        ))}
      </ul>
      <Drawer
        opened={editing !== null}
        onClose={close}
        position="right"
        size="md"
        title={editing ? t(drawerTitle(editing)) : ''}
        closeButtonProps={{ 'aria-label': t(componentManageButtons.close) }}
      >
        {current?.kind === 'component' && (
          <ComponentForm
            key={current.component?.ID ?? 'new'}
            assetId={assetId}
            component={current.component}
            onDone={close}
            onReload={reload}
          />
        )}
        {current?.kind === 'energy-source' && (
          <EnergySourceForm
            key={current.source?.ID ?? 'new'}
            assetId={assetId}
            componentId={current.componentId}
            source={current.source}
            energyTypes={energyTypes.data ?? []}
            onDone={close}
            onReload={reload}
          />
        )}
        {current?.kind === 'isolation-point' && (
          <IsolationPointForm
            key={current.point?.ID ?? 'new'}
            assetId={assetId}
            componentId={current.componentId}
            point={current.point}
            deviceTypes={deviceTypes.data ?? []}
            onDone={close}
            onReload={reload}
          />
        )}
      </Drawer>
    </section>
  );
}
