import { Alert } from '@mantine/core';
import { masterItemCaption, permitsLabels, type Permit } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';

/**
 * "Returned for rework by X at <time>: <reason> — <note>": what the requester must fix, shown on the
 * permit until they request it again (the server then forgets it; the history keeps it).
 */
export function ReturnedBanner({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const returned = permit.returned;
  if (!returned) return null;
  const values = {
    name: returned.by.displayName,
    time: formatDateTime(returned.at),
    reason: t(masterItemCaption('rejection-reasons', returned.reason)),
    note: returned.note,
  };
  return (
    <Alert color="orange" variant="light" role="status" mb="sm" data-testid="permit-returned">
      {t(returned.note ? permitsLabels.returnedWithNote : permitsLabels.returned, values)}
    </Alert>
  );
}
