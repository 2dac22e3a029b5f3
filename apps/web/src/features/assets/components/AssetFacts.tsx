import { assetManageLabels, type Asset } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../AssetManage.module.css';

/**
 * An asset's header fields as a definition list. Not its status: the status changer beside it shows
 * the status as its value (listed here too, the page said Status twice).
 */
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
    </dl>
  );
}
