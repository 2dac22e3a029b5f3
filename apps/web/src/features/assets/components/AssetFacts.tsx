import { assetManageLabels, type Asset } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { StatusBadge } from './StatusBadge';
import classes from '../AssetManage.module.css';

/** An asset's header fields as a definition list. */
export function AssetFacts({ asset }: { asset: Asset }) {
  const t = useCaptions();
  const l = assetManageLabels;
  const orNone = (value: string) => value || <span className={classes.muted}>{t(l.notGiven)}</span>;
  return (
    <dl className={classes.facts}>
      <dt>{t(l.number)}</dt>
      <dd>{asset.number}</dd>
      <dt>{t(l.description)}</dt>
      <dd>{asset.description}</dd>
      <dt>{t(l.manufacturer)}</dt>
      <dd>{orNone(asset.manufacturer)}</dd>
      <dt>{t(l.location)}</dt>
      <dd>{orNone(asset.location)}</dd>
      <dt>{t(l.lotoRequired)}</dt>
      <dd>{t(asset.lotoRequired ? l.yes : l.no)}</dd>
      <dt>{t(l.status)}</dt>
      <dd>
        <StatusBadge status={asset.status} />
      </dd>
    </dl>
  );
}
