import { Badge, Button, Text, Title } from '@mantine/core';
import {
  componentManageButtons,
  componentManageLabels,
  componentManageTitles,
  masterItemCaption,
  type Component,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import type { Editing } from '../editing';
import { formatMagnitude } from '../form-values';
import { IsolationPointItem } from './IsolationPointItem';
import classes from '../ComponentManage.module.css';

interface ComponentCardProps {
  assetId: number;
  component: Component;
  onEdit: (editing: Editing) => void;
}

/** A component with its energy sources and isolation points, each editable. */
export function ComponentCard({ assetId, component, onEdit }: ComponentCardProps) {
  const t = useCaptions();
  const l = componentManageLabels;
  const b = componentManageButtons;
  const headingId = `component-${component.ID}`;
  return (
    <article className={classes.card} aria-labelledby={headingId} data-component={component.number}>
      <div className={classes.cardHeader}>
        <Title order={4} id={headingId} className={classes.cardTitle}>
          {component.number} — {component.name}
          {!component.isActive && (
            <Badge ml="xs" color="gray" variant="light" c="gray.8">
              {t(l.retired)}
            </Badge>
          )}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<Icon name="pencil" size={16} />}
          aria-label={t(b['editComponent::named'], { number: component.number })}
          onClick={() => onEdit({ kind: 'component', component })}
        >
          {t(b.editComponent)}
        </Button>
      </div>
      {component.description && <Text size="sm">{component.description}</Text>}

      <div className={classes.subHeader}>
        <Title order={5} className={classes.subTitle}>
          {t(componentManageTitles.energySources)}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<Icon name="plus" size={16} />}
          aria-label={t(b['addEnergySource::named'], { number: component.number })}
          onClick={() => onEdit({ kind: 'energy-source', componentId: component.ID, source: null })}
        >
          {t(b.addEnergySource)}
        </Button>
      </div>
      {component.energySources.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(l.noEnergySources)}
        </Text>
      ) : (
        <ul className={classes.rows} aria-label={t(componentManageTitles.energySources)}>
          {component.energySources.map((source) => (
            <li key={source.ID} className={classes.row} data-energy-type={source.energyType.value}>
              <div className={classes.rowMain}>
                <Icon name="bolt" size={18} />
                <strong>{t(masterItemCaption('energy-types', source.energyType))}</strong>
                <span>{formatMagnitude(source)}</span>
                {source.storedEnergy && (
                  <Badge color="red.9" variant="filled">
                    {t(l.storedEnergyBadge)}
                  </Badge>
                )}
                {!source.isActive && (
                  <Badge color="gray" variant="light" c="gray.8">
                    {t(l.retired)}
                  </Badge>
                )}
              </div>
              {source.description && <Text size="sm">{source.description}</Text>}
              <Button
                size="xs"
                variant="subtle"
                className={classes.rowAction}
                aria-label={t(b['editEnergySource::named'], {
                  type: [t(masterItemCaption('energy-types', source.energyType)), formatMagnitude(source)]
                    .filter(Boolean)
                    .join(' '),
                })}
                onClick={() => onEdit({ kind: 'energy-source', componentId: component.ID, source })}
              >
                {t(b.editEnergySource)}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className={classes.subHeader}>
        <Title order={5} className={classes.subTitle}>
          {t(componentManageTitles.isolationPoints)}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<Icon name="plus" size={16} />}
          aria-label={t(b['addIsolationPoint::named'], { number: component.number })}
          onClick={() => onEdit({ kind: 'isolation-point', componentId: component.ID, point: null })}
        >
          {t(b.addIsolationPoint)}
        </Button>
      </div>
      {component.isolationPoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(l.noIsolationPoints)}
        </Text>
      ) : (
        <ul className={classes.rows} aria-label={t(componentManageTitles.isolationPoints)}>
          {component.isolationPoints.map((point) => (
            <IsolationPointItem
              key={point.ID}
              assetId={assetId}
              point={point}
              onEdit={() => onEdit({ kind: 'isolation-point', componentId: component.ID, point })}
            />
          ))}
        </ul>
      )}
    </article>
  );
}
