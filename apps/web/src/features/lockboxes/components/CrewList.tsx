import { crewLabels as L, type Lockbox, type LockboxMember } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Lockboxes.module.css';
import { when } from './when';

function Member({ member, past }: { member: LockboxMember; past: boolean }) {
  const t = useCaptions();
  return (
    <li className={classes.member}>
      <span className={classes.name}>{member.user.displayName}</span>
      <span>
        {member.tag
          ? t(L.memberLockTag, { serial: member.lock.serial, number: member.tag.number })
          : t(L.memberLock, { serial: member.lock.serial })}
      </span>
      <span>
        {past
          ? t(member.removal === 'abandoned' ? L.memberPastAbandoned : L.memberPast, {
              on: when(member.signedOnAt),
              off: when(member.signedOffAt!),
            })
          : t(L.memberNow, { at: when(member.signedOnAt) })}
      </span>
    </li>
  );
}

/** Who is protected right now (signed on), then who was (signed off, latest first), and the lockbox's facts. */
export function CrewList({ lockbox }: { lockbox: Lockbox }) {
  const t = useCaptions();
  return (
    <>
      <section className={classes.card} aria-labelledby="crew-now">
        <h3 id="crew-now" className={classes.title}>
          {t(L.protectedNow, { count: lockbox.members.length })}
        </h3>
        {lockbox.members.length ? (
          <ul className={classes.list} aria-label={t(L.signedOnList)}>
            {lockbox.members.map((m) => (
              <Member key={m.applicationId} member={m} past={false} />
            ))}
          </ul>
        ) : (
          <p>{t(L.nobody)}</p>
        )}
      </section>
      <section className={classes.card} aria-labelledby="crew-lockbox">
        <h3 id="crew-lockbox" className={classes.title}>
          {t(L.lockbox, { number: lockbox.number })}
        </h3>
        <dl className={classes.facts}>
          <dt>{t(L.primaryTitle)}</dt>
          <dd>{lockbox.primary.displayName}</dd>
          <dt>{t(L.deviceFact)}</dt>
          <dd>{lockbox.device ? lockbox.device.serial : t(L.notTracked)}</dd>
          <dt>{t(L.keys)}</dt>
          <dd>
            {lockbox.keysDepositedAt
              ? t(L.keysDeposited, {
                  at: when(lockbox.keysDepositedAt),
                  name: lockbox.keysDepositedBy?.displayName ?? '',
                })
              : t(L.keysNotDeposited)}
          </dd>
          {lockbox.releasedAt && (
            <>
              <dt>{t(L.released)}</dt>
              <dd>{t(L.releasedBy, { at: when(lockbox.releasedAt), name: lockbox.releasedBy?.displayName ?? '' })}</dd>
            </>
          )}
        </dl>
      </section>
      {lockbox.past.length > 0 && (
        <section className={classes.card} aria-labelledby="crew-past">
          <h3 id="crew-past" className={classes.title}>
            {t(L.signedOffTitle, { count: lockbox.past.length })}
          </h3>
          <ul className={classes.list} aria-label={t(L.signedOffList)}>
            {lockbox.past.map((m) => (
              <Member key={m.applicationId} member={m} past />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
