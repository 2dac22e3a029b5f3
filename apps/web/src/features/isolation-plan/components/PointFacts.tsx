import { Text } from '@mantine/core';
import { isolationPlanLabels as L, masterItemCaption, type PlanPoint } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { usePointPhoto } from '../api/point-card';
import classes from '../IsolationPlan.module.css';

/** What the point isolates and where it is: its energy (the type by its caption), photo and device. */
export function PointFacts({ point }: { point: PlanPoint }) {
  const t = useCaptions();
  const photo = usePointPhoto(point.photoId);
  const energy = point.energy ?? [];
  return (
    <div className={classes.facts}>
      {energy.length > 0 && (
        <ul className={classes.energy} aria-label={t(L.energy, { code: point.code })}>
          {energy.map((e, i) => (
            <li key={i}>
              {t(e.storedEnergy ? L.energyStored : L.energyLine, {
                type: t(masterItemCaption('energy-types', e.type)),
                magnitude: e.magnitude ?? '',
                unit: e.unit,
              }).trim()}
            </li>
          ))}
        </ul>
      )}
      {photo.data && <img className={classes.photo} src={photo.data} alt={t(L.photoOf, { code: point.code })} />}
      <Text size="sm">
        {point.asset.number} · {point.component.number} {point.component.name} · {point.deviceType}
        {point.isolatedPosition ? ` · ${t(L.isolatedPosition, { position: point.isolatedPosition })}` : ''}
      </Text>
      {!point.lockable && <Text size="sm">{t(L.tagOnly, { measure: point.tagOnlyMeasure || t(L.noLockFits) })}</Text>}
    </div>
  );
}
