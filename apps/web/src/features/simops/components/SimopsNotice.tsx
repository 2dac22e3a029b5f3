import { Alert, Anchor } from '@mantine/core';
import { simopsLabels as L, simopsLiveStatuses, type Permit } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { usePermitSimops } from '../api/get-permit-simops';

/** Whether the permit's conflicts matter now: it may be approved or issued, or its work is authorized. */
const concerns = (permit: Permit) =>
  permit.allowedCommands.some((c) => c === 'approve' || c === 'issue') || simopsLiveStatuses.includes(permit.status);

/**
 * Above the command bar: the permit has SIMOPS conflicts (blocking ones say so), with a link that
 * opens the Conflicts section; so they are seen before Approve or Issue, not only in its refusal.
 */
export function SimopsNotice({ permit, open }: { permit: Permit; open: () => void }) {
  const t = useCaptions();
  const shown = concerns(permit);
  const simops = usePermitSimops(permit.ID, permit.version, shown);
  if (!shown || !simops.data?.conflicts.length) return null;
  const { conflicts } = simops.data;
  const blocking = conflicts.filter((c) => c.rule === 'block').length;
  const message = blocking
    ? blocking === 1
      ? t(L.noticeBlockOne)
      : t(L.noticeBlock, { count: blocking })
    : `⚠ ${conflicts.length === 1 ? t(L.noticeWarnOne) : t(L.noticeWarn, { count: conflicts.length })}`;
  return (
    // A note, not a live region: it is there on arrival, and the page's status messages stay the only ones.
    <Alert color={blocking ? 'red' : 'yellow'} variant="light" role="note">
      {message}{' '}
      <Anchor component="button" type="button" onClick={open} mih={44} fw={600}>
        {t(L.showConflicts)}
      </Anchor>
    </Alert>
  );
}
