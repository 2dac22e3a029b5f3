import type { Lockbox, LockboxMember } from '@hasp/contracts';
import classes from '../Lockboxes.module.css';
import { when } from './when';

function Member({ member, past }: { member: LockboxMember; past: boolean }) {
  return (
    <li className={classes.member}>
      <span className={classes.name}>{member.user.displayName}</span>
      <span>
        Lock {member.lock.serial}
        {member.tag && ` · tag ${member.tag.number}`}
      </span>
      <span>
        {past
          ? `Signed on ${when(member.signedOnAt)} · signed off ${when(member.signedOffAt!)}${
              member.removal === 'abandoned' ? ' (lock removed by a supervisor)' : ''
            }`
          : `Signed on since ${when(member.signedOnAt)}`}
      </span>
    </li>
  );
}

/** Who is protected right now (signed on), then who was (signed off, latest first), and the lockbox's facts. */
export function CrewList({ lockbox }: { lockbox: Lockbox }) {
  return (
    <>
      <section className={classes.card} aria-labelledby="crew-now">
        <h3 id="crew-now" className={classes.title}>
          Protected now ({lockbox.members.length})
        </h3>
        {lockbox.members.length ? (
          <ul className={classes.list} aria-label="Signed on">
            {lockbox.members.map((m) => (
              <Member key={m.applicationId} member={m} past={false} />
            ))}
          </ul>
        ) : (
          <p>Nobody is signed on.</p>
        )}
      </section>
      <section className={classes.card} aria-labelledby="crew-lockbox">
        <h3 id="crew-lockbox" className={classes.title}>
          Lockbox {lockbox.number}
        </h3>
        <dl className={classes.facts}>
          <dt>Primary authorized employee</dt>
          <dd>{lockbox.primary.displayName}</dd>
          <dt>Device</dt>
          <dd>{lockbox.device ? lockbox.device.serial : 'Not tracked in the lock inventory'}</dd>
          <dt>Keys</dt>
          <dd>
            {lockbox.keysDepositedAt
              ? `Deposited ${when(lockbox.keysDepositedAt)} by ${lockbox.keysDepositedBy?.displayName ?? ''}`
              : 'Not deposited yet'}
          </dd>
          {lockbox.releasedAt && (
            <>
              <dt>Released</dt>
              <dd>
                {when(lockbox.releasedAt)} by {lockbox.releasedBy?.displayName ?? ''}
              </dd>
            </>
          )}
        </dl>
      </section>
      {lockbox.past.length > 0 && (
        <section className={classes.card} aria-labelledby="crew-past">
          <h3 id="crew-past" className={classes.title}>
            Signed off ({lockbox.past.length})
          </h3>
          <ul className={classes.list} aria-label="Signed off">
            {lockbox.past.map((m) => (
              <Member key={m.applicationId} member={m} past />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
