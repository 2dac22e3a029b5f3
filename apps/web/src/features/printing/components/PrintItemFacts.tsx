import { lockKindCaptions, printingLabels, type PrintListItem } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Printing.module.css';

const l = printingLabels;
const kindCaptions = {
  tag: l['kind::tag'],
  permit: l['kind::permit'],
  lockbox: l['kind::lockbox'],
  lock: l['kind::lock'],
} as const;

/**
 * What tells a print list line apart under its number: its kind, then for an item of a permit the
 * permit, area, point and legend; for a lock label (of no permit) the lock's kind, colour and owner,
 * as Lock Manage lists them. Then when and by whom it was printed, and its reprints.
 */
export function PrintItemFacts({ item }: { item: PrintListItem }) {
  const t = useCaptions();
  return (
    <>
      <p className={classes.facts}>
        <span className={classes.kind}>{t(kindCaptions[item.kind])}</span>
        {item.kind !== 'lock' && item.detail && ` · ${item.detail}`}
      </p>
      {item.kind === 'lock' ? (
        <p className={classes.facts}>
          {t(l.lockFacts, {
            kind: t(lockKindCaptions[item.lock.kind]),
            colour: item.lock.colour ?? t(l.noColour),
            owner: item.lock.owner ?? t(l.noOwner),
          })}
        </p>
      ) : (
        <>
          <p className={classes.facts}>
            {item.permit.number} — {item.permit.title}
            {item.area && ` · ${item.area.name}`}
          </p>
          {item.point && (
            <p className={classes.facts}>
              {t(l.point)}: {item.point}
            </p>
          )}
          {item.legend && (
            <p className={classes.facts}>
              {t(l.legend)}: {item.legend}
            </p>
          )}
        </>
      )}
      {item.printedAt && item.printedBy && (
        <p className={classes.facts}>{t(l.printedBy, { at: formatDateTime(item.printedAt), name: item.printedBy })}</p>
      )}
      {item.reprintCount > 0 && <p className={classes.facts}>{t(l.reprints, { count: item.reprintCount })}</p>}
    </>
  );
}

/** The kind filter's words of each kind. */
export { kindCaptions };
