import { Link } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  allowedLockCommands,
  lockKindLabels,
  lockStatusCommandLabels,
  lockStatusLabels,
  type Lock,
  type LockStatusCommand,
} from '@hasp/contracts';
import { whereText } from '../model/lock-filters';
import classes from '../Locks.module.css';

const PHONE_QUERY = '(max-width: 48em)';

interface LockListProps {
  locks: Lock[];
  onEdit: (lock: Lock) => void;
  onCommand: (lock: Lock, verb: LockStatusCommand) => void;
}

/** A colour's swatch when its name is a CSS colour (the text beside it says the colour either way). */
function Colour({ lock }: { lock: Lock }) {
  if (!lock.colour) return <span className={classes.muted}>No colour</span>;
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
  if (!lock.where) return null;
  return (
    <span>
      <Link to={`/Permit/Edit/${lock.where.permitId}`}>{whereText(lock.where)}</Link>
      <span className={classes.muted}> · applied by {lock.where.appliedBy.displayName}</span>
    </span>
  );
}

/** Edit and the status commands the lock's status allows: a menu opened by a tap (nothing on hover). */
function Actions({ lock, onEdit, onCommand, wide }: LockListProps & { lock: Lock; wide?: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          className={classes.touch}
          fullWidth={wide}
          aria-label={`Actions for lock ${lock.serial}`}
        >
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item className={classes.touch} onClick={() => onEdit(lock)}>
          Edit
        </Menu.Item>
        {allowedLockCommands(lock.status).map((verb) => (
          <Menu.Item key={verb} className={classes.touch} onClick={() => onCommand(lock, verb)}>
            {lockStatusCommandLabels[verb]}
            {verb === 'issue' && lock.status === 'issued' ? ' to someone else' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The locks: a table on a wide screen, one card per lock on a phone. */
export function LockList(props: LockListProps) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (!props.locks.length) return <p className={classes.muted}>No lock matches these filters.</p>;
  if (phone) {
    return (
      <ul className={classes.cards} aria-label="Locks">
        {props.locks.map((lock) => (
          <li key={lock.ID} className={classes.card}>
            <div className={classes.cardHead}>
              <span className={classes.serial}>{lock.serial}</span>
              <span className={classes.status} data-status={lock.status}>
                {lockStatusLabels[lock.status]}
              </span>
            </div>
            <dl className={classes.facts}>
              <dt>Kind</dt>
              <dd>{lockKindLabels[lock.kind]}</dd>
              <dt>Colour</dt>
              <dd>
                <Colour lock={lock} />
              </dd>
              <dt>Owner</dt>
              <dd>{lock.owner?.displayName ?? 'Nobody'}</dd>
              {lock.where && (
                <>
                  <dt>Where</dt>
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
            <th scope="col">Serial</th>
            <th scope="col">Kind</th>
            <th scope="col">Colour</th>
            <th scope="col">Owner</th>
            <th scope="col">Status</th>
            <th scope="col">Where is it now</th>
            <th scope="col">
              <span className={classes.visuallyHidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.locks.map((lock) => (
            <tr key={lock.ID}>
              <th scope="row" className={classes.serial}>
                {lock.serial}
              </th>
              <td>{lockKindLabels[lock.kind]}</td>
              <td>
                <Colour lock={lock} />
              </td>
              <td>{lock.owner?.displayName ?? ''}</td>
              <td>
                <span className={classes.status} data-status={lock.status}>
                  {lockStatusLabels[lock.status]}
                </span>
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
