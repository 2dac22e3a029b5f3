import { Alert, Loader } from '@mantine/core';
import { permitRiskCaptions, signatureLabels as L, type Permit, type PermitApprovals } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { usePermitApprovals } from '../api/get-approvals';
import { signatureLine, storedText } from '../model/signature-words';
import classes from '../Signatures.module.css';

type Stage = PermitApprovals['stages'][number];

function StageState({ stage, next }: { stage: Stage; next: boolean }) {
  const t = useCaptions();
  if (stage.signed) return <span className={`${classes.state} ${classes.signedState}`}>{t(L.signed)}</span>;
  if (next) return <span className={`${classes.state} ${classes.nextState}`}>{t(L.next)}</span>;
  return <span className={classes.state}>{t(L.waiting)}</span>;
}

/**
 * The permit page's Approvals section (every permit): the stages of its risk level in order, which
 * are signed, and every signature as it was signed ("Approved as area authority by Ann Approver,
 * 2026-11-24 14:05 +01:00"); one whose permit changed since is shown struck through and said to be no
 * longer valid. Signing is the page's Approve button (the password in its dialog).
 */
export function ApprovalsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const approvals = usePermitApprovals(permit.ID, permit.version);
  if (approvals.isPending) return <Loader aria-label={t(L.loading)} />;
  if (approvals.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(approvals.error) })}
      </Alert>
    );
  }
  const { riskLevel, stages, nextStage, signatures } = approvals.data;
  return (
    <div className={classes.section}>
      <section className={classes.card} aria-labelledby="approval-stages">
        <h3 id="approval-stages" className={classes.title}>
          {t(L.stages)}
        </h3>
        <p>{t(L.riskLevel, { level: t(permitRiskCaptions[riskLevel]) })}</p>
        <ol className={classes.list}>
          {stages.map((stage) => (
            <li key={stage.position} className={classes.stage}>
              <span className={classes.stageName}>
                {stage.position}. {storedText('Approval_Stage', stage.name, t)}
              </span>
              <StageState stage={stage} next={nextStage?.position === stage.position} />
              <span className={classes.who}>
                {stage.groupName ? t(L.groupSigns, { group: stage.groupName }) : t(L.anyApprover)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className={classes.card} aria-labelledby="approval-signatures">
        <h3 id="approval-signatures" className={classes.title}>
          {t(L.signatures)}
        </h3>
        {signatures.length === 0 ? (
          <p>{t(L.noSignatures)}</p>
        ) : (
          <ul className={classes.list}>
            {signatures.map((s) => (
              <li key={s.ID} className={`${classes.signature} ${s.valid ? '' : classes.invalid}`}>
                <div className={classes.signatureText}>{signatureLine(s, t)}</div>
                {!s.valid && <div className={classes.invalidNote}>{t(L.noLongerValid)}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
