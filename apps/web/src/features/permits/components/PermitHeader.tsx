import { Group } from '@mantine/core';
import {
  permitFieldCaptions,
  permitRiskCaptions,
  permitsLabels,
  terminalPermitStatuses,
  type Permit,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Permits.module.css';
import { PermitPdfButton } from './PermitPdfButton';
import { ReturnedBanner } from './ReturnedBanner';
import { PermitStatusBadge } from './StatusBadge';
import { TimeLeft } from './TimeLeft';
import { TypeMark } from './TypeMark';

const when = formatDateTime;

/** Number, type, status, risk and validity: what a person on site checks first; and its job-site copy. */
export function PermitHeader({ permit }: { permit: Permit }) {
  const t = useCaptions();
  return (
    <section className={`${classes.card} ${classes.header}`} aria-label={t(permitsLabels.summary)}>
      <ReturnedBanner permit={permit} />
      {/* On a phone only this line shows, number and status: the section below starts on the first screen. */}
      <Group gap="sm" wrap="wrap" className={classes.headerLine}>
        <strong className={classes.headerNumber}>{permit.number}</strong>
        <span className={classes.headerFull}>
          <TypeMark type={permit.permitType} />
        </span>
        <PermitStatusBadge status={permit.status} />
      </Group>
      {/* On a phone the facts fold to the title alone: what the permit is for stays in view. */}
      <dl className={`${classes.facts} ${classes.headerFacts}`}>
        <dt>{t(permitsLabels.number)}</dt>
        <dd data-testid="permit-number">{permit.number}</dd>
        <dt>{t(permitFieldCaptions.title)}</dt>
        <dd className={classes.headerKeep}>{permit.title}</dd>
        <dt>{t(permitFieldCaptions.riskLevel)}</dt>
        <dd>{permit.riskLevel ? t(permitRiskCaptions[permit.riskLevel]) : t(permitsLabels.notAssessed)}</dd>
        <dt>{t(permitsLabels.validity)}</dt>
        <dd>
          {when(permit.plannedStart)} – {when(permit.plannedEnd)}
          {/* A closed or cancelled permit has no time left to count. */}
          {!terminalPermitStatuses.includes(permit.status) && (
            <>
              <br />
              <TimeLeft plannedStart={permit.plannedStart} plannedEnd={permit.plannedEnd} status={permit.status} />
            </>
          )}
          {permit.extensionCount > 0 && ` ${t(permitsLabels.extended, { count: permit.extensionCount })}`}
        </dd>
        {permit.statusReason && (
          <>
            <dt>{t(permitsLabels.reason)}</dt>
            <dd>{permit.statusReason}</dd>
          </>
        )}
      </dl>
      {/* The job-site copy is wanted on the floor too: it stays on a phone. */}
      <Group mt="sm">
        <PermitPdfButton permit={permit} />
      </Group>
    </section>
  );
}

/** Requester, holder, issuer and approvers; then the area and the assets. */
export function PermitPeopleAndPlaces({ permit }: { permit: Permit }) {
  const t = useCaptions();
  return (
    <>
      <section className={classes.card} aria-labelledby="permit-people">
        <h2 id="permit-people" className={classes.cardTitle}>
          {t(permitsLabels.people)}
        </h2>
        <dl className={classes.facts}>
          <dt>{t(permitsLabels.requester)}</dt>
          <dd data-testid="permit-requester">{permit.requester.displayName}</dd>
          <dt>{t(permitFieldCaptions.holder)}</dt>
          <dd data-testid="permit-holder">{permit.holder?.displayName ?? t(permitsLabels.holderNotNamed)}</dd>
          <dt>{t(permitsLabels.issuer)}</dt>
          <dd data-testid="permit-issuer">{permit.issuer?.displayName ?? t(permitsLabels.notIssued)}</dd>
          <dt>{t(permitsLabels.approvers)}</dt>
          <dd>
            {permit.approvals.length
              ? permit.approvals.map((a) => `${a.user.displayName} (${when(a.approvedAt)})`).join(', ')
              : t(permitsLabels.noneYet)}
          </dd>
        </dl>
      </section>
      <section className={classes.card} aria-labelledby="permit-places">
        <h2 id="permit-places" className={classes.cardTitle}>
          {t(permitsLabels.places)}
        </h2>
        <dl className={classes.facts}>
          <dt>{t(permitFieldCaptions.area)}</dt>
          <dd>{permit.area ? `${permit.area.number} · ${permit.area.name}` : t(permitsLabels.none)}</dd>
          <dt>{t(permitFieldCaptions.assets)}</dt>
          <dd>
            {permit.assets.length
              ? permit.assets.map((a) => `${a.number} · ${a.description}`).join(', ')
              : t(permitsLabels.none)}
          </dd>
        </dl>
      </section>
    </>
  );
}
