import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageTitles,
  masterItemCaption,
  type Component,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../AssetManage.module.css';

/**
 * The asset's components with their energy sources and isolation points, read-only: Component
 * Manage edits them (the link opens it at this asset).
 */
export function ComponentsSummary({ assetId, components }: { assetId: number; components: readonly Component[] }) {
  const t = useCaptions();
  const l = assetManageLabels;
  return (
    <section className={classes.panel} aria-labelledby="asset-components">
      <h2 id="asset-components" className={classes.sectionTitle}>
        {t(assetManageTitles.components)}
      </h2>
      {components.length === 0 && <Text>{t(l.noComponents)}</Text>}
      {components.map((component) => (
        <article key={component.ID} className={classes.component} aria-labelledby={`component-${component.ID}`}>
          <h3 id={`component-${component.ID}`} className={classes.componentTitle}>
            {component.number} {component.name}{' '}
            {!component.isActive && (
              <Badge color="#495057" variant="outline">
                {t(l.componentInactive)}
              </Badge>
            )}
          </h3>
          {component.description && <Text size="sm">{component.description}</Text>}
          <h4 className={classes.subTitle}>{t(assetManageTitles.energySources)}</h4>
          {component.energySources.length === 0 ? (
            <Text size="sm">{t(l.noEnergySources)}</Text>
          ) : (
            <ul className={classes.plainList}>
              {component.energySources.map((source) => (
                <li key={source.ID} className={classes.point}>
                  <strong>
                    {t(l.energySourceLine, {
                      type: t(masterItemCaption('energy-types', source.energyType)),
                      magnitude: source.magnitude === null ? '' : `${source.magnitude} ${source.unit}`.trim(),
                    }).trim()}
                  </strong>
                  {source.storedEnergy && (
                    <>
                      {' '}
                      <Badge color="#a33a00" variant="outline">
                        {t(l.storedEnergy)}
                      </Badge>
                    </>
                  )}
                  {!source.isActive && <> ({t(l.componentInactive)})</>}
                  {source.description && <> — {source.description}</>}
                </li>
              ))}
            </ul>
          )}
          <h4 className={classes.subTitle}>{t(assetManageTitles.isolationPoints)}</h4>
          {component.isolationPoints.length === 0 ? (
            <Text size="sm">{t(l.noIsolationPoints)}</Text>
          ) : (
            <ul className={classes.plainList}>
              {component.isolationPoints.map((point) => (
                <li key={point.ID} className={classes.point}>
                  <strong>{point.code}</strong> {t(masterItemCaption('device-types', point.deviceType))}
                  {point.location && <>, {point.location}</>}
                  {(point.normalPosition || point.isolatedPosition) && (
                    <> ({t(l.pointPositions, { normal: point.normalPosition, isolated: point.isolatedPosition })})</>
                  )}
                  {' — '}
                  {point.lockable ? t(l.lockable) : `${t(l.tagOnly)}: ${point.tagOnlyMeasure}`}
                  {point.verificationMethod && <Text size="sm">{point.verificationMethod}</Text>}
                  {!point.isActive && <> ({t(l.componentInactive)})</>}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
      <div>
        <Button component={Link} to={`/assets/components-manage?assetId=${assetId}`} variant="default">
          {t(assetManageButtons.editComponents)}
        </Button>
      </div>
    </section>
  );
}
