import { Badge } from '@mantine/core';
import { assetStatusLabels, type AssetStatus } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

// Outline badges in shades dark enough for WCAG AA on white (Mantine's light shades are not); the
// word says the status, so colour is never the only sign.
const colors: Record<AssetStatus, string> = { in_service: '#1b5e20', out_of_service: '#a33a00', retired: '#495057' };

/** An asset's status as a small labelled badge. */
export function StatusBadge({ status, className }: { status: AssetStatus; className?: string }) {
  const t = useCaptions();
  return (
    <Badge color={colors[status]} variant="outline" className={className}>
      {t(assetStatusLabels[status])}
    </Badge>
  );
}
