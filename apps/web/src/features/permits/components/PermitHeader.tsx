import { Group } from '@mantine/core';
import { permitRiskLabels, terminalPermitStatuses, type Permit } from '@hasp/contracts';
import classes from '../Permits.module.css';
import { PermitStatusBadge } from './StatusBadge';
import { TimeLeft } from './TimeLeft';
import { TypeMark } from './TypeMark';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Number, type, status, risk and validity: what a person on site checks first. */
export function PermitHeader({ permit }: { permit: Permit }) {
  return (
    <section className={classes.card} aria-label="Permit summary">
      <Group gap="sm" mb="sm" wrap="wrap">
        <TypeMark type={permit.permitType} />
        <PermitStatusBadge status={permit.status} />
      </Group>
      <dl className={classes.facts}>
        <dt>Number</dt>
        <dd data-testid="permit-number">{permit.number}</dd>
        <dt>Title</dt>
        <dd>{permit.title}</dd>
        <dt>Risk</dt>
        <dd>{permit.riskLevel ? permitRiskLabels[permit.riskLevel] : 'Not assessed yet'}</dd>
        <dt>Validity</dt>
        <dd>
          {when(permit.plannedStart)} – {when(permit.plannedEnd)}
          {/* A closed or cancelled permit has no time left to count. */}
          {!terminalPermitStatuses.includes(permit.status) && (
            <>
              <br />
              <TimeLeft plannedStart={permit.plannedStart} plannedEnd={permit.plannedEnd} />
            </>
          )}
          {permit.extensionCount > 0 && ` (extended ${permit.extensionCount}×)`}
        </dd>
        {permit.statusReason && (
          <>
            <dt>Reason</dt>
            <dd>{permit.statusReason}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** Requester, holder, issuer and approvers; then the area and the assets. */
export function PermitPeopleAndPlaces({ permit }: { permit: Permit }) {
  return (
    <>
      <section className={classes.card} aria-labelledby="permit-people">
        <h2 id="permit-people" className={classes.cardTitle}>
          People
        </h2>
        <dl className={classes.facts}>
          <dt>Requester</dt>
          <dd data-testid="permit-requester">{permit.requester.displayName}</dd>
          <dt>Holder</dt>
          <dd data-testid="permit-holder">{permit.holder?.displayName ?? 'Not named yet'}</dd>
          <dt>Issuer</dt>
          <dd data-testid="permit-issuer">{permit.issuer?.displayName ?? 'Not issued yet'}</dd>
          <dt>Approvers</dt>
          <dd>
            {permit.approvals.length
              ? permit.approvals.map((a) => `${a.user.displayName} (${when(a.approvedAt)})`).join(', ')
              : 'None yet'}
          </dd>
        </dl>
      </section>
      <section className={classes.card} aria-labelledby="permit-places">
        <h2 id="permit-places" className={classes.cardTitle}>
          Area and assets
        </h2>
        <dl className={classes.facts}>
          <dt>Area</dt>
          <dd>{permit.area ? `${permit.area.number} · ${permit.area.name}` : 'None'}</dd>
          <dt>Assets</dt>
          <dd>
            {permit.assets.length ? permit.assets.map((a) => `${a.number} · ${a.description}`).join(', ') : 'None'}
          </dd>
        </dl>
      </section>
    </>
  );
}
