import { Link } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  allowedLockCommands,
  lockCommandCaptions,
  lockKindCaptions,
  lockManageButtons as B,
  lockManageLabels as L,
  lockStatusCaptions,
  type Lock,
  type LockStatusCommand,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { whereText } from '../model/lock-filters';
import classes from '../Locks.module.css';

const PHONE_QUERY = '(max-width: 48em)';

interface LockListProps {
  locks: Lock[];
  onEdit: (lock: Lock) => void;
  onCommand: (lock: Lock, verb: LockStatusCommand) => void;
  /** Its QR label, the one the lock picker scans. */
  onPrintLabel: (lock: Lock) => void;
  /** Back to the lock cabinet from the permit it is assigned to. */
  onRelease: (lock: Lock) => void;
}

/** The permit a pool lock is assigned to, linked to its page (where its issuer assigns and releases). */
function Assigned({ lock }: { lock: Lock }) {
  const t = useCaptions();
  if (!lock.assignedPermit) return null;
  return (
    <Link to={`/Permit/Edit/${lock.assignedPermit.ID}`}>
      {t(L.assignedPermit, { number: lock.assignedPermit.number })}
    </Link>
  );
}

/** A colour's swatch when its name is a CSS colour (the text beside it says the colour either way). */
function Colour({ lock }: { lock: Lock }) {
  const t = useCaptions();
  if (!lock.colour) return <span className={classes.muted}>{t(L.noColour)}</span>;
  const name = lock.colour.caption;
  const css =
    typeof CSS !== 'undefined' && CSS.supports('color', name.toLowerCase()) ? name.toLowerCase() : 'transparent';
  return (
    <span className={classes.colour}>
      <span className={classes.swatch} style={{ background: css }} aria-hidden />
      {name}
    </span>
  );
}

function Where({ lock }: { lock: Lock }) {
  const t = useCaptions();
  if (!lock.where) return null;
  return (
    <span>
      <Link to={`/Permit/Edit/${lock.where.permitId}`}>{whereText(lock.where, t)}</Link>
      <span className={classes.muted}>{t(L.appliedBy, { name: lock.where.appliedBy.displayName })}</span>
    </span>
  );
}

/** Edit and the status commands the lock's status allows: a menu opened by a tap (nothing on hover). */
function Actions({
  lock,
  onEdit,
  onCommand,
  onPrintLabel,
  onRelease,
  wide,
}: LockListProps & { lock: Lock; wide?: boolean }) {
  const t = useCaptions();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          className={classes.touch}
          fullWidth={wide}
          aria-label={t(L.actionsFor, { serial: lock.serial })}
        >
          {t(B.actions)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item className={classes.touch} onClick={() => onEdit(lock)}>
          {t(B.edit)}
        </Menu.Item>
        <Menu.Item className={classes.touch} onClick={() => onPrintLabel(lock)}>
          {t(B.printLabel)}
        </Menu.Item>
        {lock.assignedPermit && lock.status !== 'in_use' && (
          <Menu.Item className={classes.touch} onClick={() => onRelease(lock)}>
            {t(B.releaseFromPermit, { number: lock.assignedPermit.number })}
          </Menu.Item>
        )}
        {allowedLockCommands(lock.status).map((verb) => (
          <Menu.Item key={verb} className={classes.touch} onClick={() => onCommand(lock, verb)}>
            {verb === 'issue' && lock.status === 'issued' ? t(B.issueToSomeoneElse) : t(lockCommandCaptions[verb])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The locks: a table on a wide screen, one card per lock on a phone. */
export function LockList(props: LockListProps) {
  const t = useCaptions();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (!props.locks.length) return <p className={classes.muted}>{t(L.noMatch)}</p>;
  if (phone) {
    return (
      <ul className={classes.cards} aria-label={t(L.list)}>
        {props.locks.map((lock) => (
          <li key={lock.ID} className={classes.card}>
            <div className={classes.cardHead}>
              <span className={classes.serial}>{lock.serial}</span>
              <span className={classes.status} data-status={lock.status}>
                {t(lockStatusCaptions[lock.status])}
              </span>
            </div>
            <dl className={classes.facts}>
              <dt>{t(L.kind)}</dt>
              <dd>{t(lockKindCaptions[lock.kind])}</dd>
              <dt>{t(L.colour)}</dt>
              <dd>
                <Colour lock={lock} />
              </dd>
              <dt>{t(L.owner)}</dt>
              <dd>{lock.owner?.displayName ?? t(L.nobody)}</dd>
              {lock.assignedPermit && (
                <>
                  <dt>{t(L.assignedTo)}</dt>
                  <dd>
                    <Assigned lock={lock} />
                  </dd>
                </>
              )}
              {lock.where && (
                <>
                  <dt>{t(L.where)}</dt>
                  <dd>
                    <Where lock={lock} />
                  </dd>
                </>
              )}
            </dl>
            <Actions {...props} lock={lock} wide />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={classes.tableBox}>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t(L.serial)}</th>
            <th scope="col">{t(L.kind)}</th>
            <th scope="col">{t(L.colour)}</th>
            <th scope="col">{t(L.owner)}</th>
            <th scope="col">{t(L.status)}</th>
            <th scope="col">{t(L.assignedTo)}</th>
            <th scope="col">{t(L.whereNow)}</th>
            <th scope="col">
              <span className={classes.visuallyHidden}>{t(L.actions)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.locks.map((lock) => (
            <tr key={lock.ID}>
              <th scope="row" className={classes.serial}>
                {lock.serial}
              </th>
              <td>{t(lockKindCaptions[lock.kind])}</td>
              <td>
                <Colour lock={lock} />
              </td>
              <td>{lock.owner?.displayName ?? ''}</td>
              <td>
                <span className={classes.status} data-status={lock.status}>
                  {t(lockStatusCaptions[lock.status])}
                </span>
              </td>
              <td>
                <Assigned lock={lock} />
              </td>
              <td>
                <Where lock={lock} />
              </td>
              <td>
                <Actions {...props} lock={lock} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
