import { Badge } from '@mantine/core';
import { permitStatusCaptions, type PermitStatus } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

// Dark shades (WCAG AA on white, outline badges); the word says the status, colour only helps.
const colors: Record<PermitStatus, string> = {
  draft: '#495057',
  requested: '#7a4d00',
  approved: '#1c5fa8',
  isolated: '#5f3dc4',
  issued: '#1864ab',
  active: '#1b5e20',
  suspended: '#a33a00',
  live_for_test: '#862e9c',
  work_complete: '#2b6a4f',
  de_isolation: '#5f3dc4',
  closed: '#343a40',
  cancelled: '#343a40',
  expired: '#b02a37',
};

/** A permit's status as a labelled badge. */
export function PermitStatusBadge({ status }: { status: PermitStatus }) {
  const t = useCaptions();
  return (
    <Badge color={colors[status]} variant="outline" size="lg" data-testid="permit-status">
      {t(permitStatusCaptions[status])}
    </Badge>
  );
}
