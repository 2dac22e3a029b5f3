import { Badge } from '@mantine/core';
import { assetImportStatusLabels, type ImportStatus } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

const colors: Record<ImportStatus, string> = {
  uploaded: 'gray.8',
  invalid: 'red.9',
  valid: 'blue.9',
  // Mantine's darkest green is 4.3:1 under white text: one shade darker passes AA.
  committed: '#1e6b2f',
  failed: 'red.9',
};

/** An import file's state in a word (filled dark colours: readable on striped rows): has problems, ready, imported… */
export function StatusBadge({ status }: { status: ImportStatus }) {
  const t = useCaptions();
  return (
    <Badge color={colors[status]} variant="filled" tt="none">
      {t(assetImportStatusLabels[status])}
    </Badge>
  );
}
