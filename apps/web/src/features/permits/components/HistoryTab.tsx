import { Alert, Center, Loader, Text } from '@mantine/core';
import { permitCommandLabels, permitCommands, permitStatusLabels, type PermitCommand } from '@hasp/contracts';
import { currentLanguage } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { usePermitHistory } from '../api/get-permit-history';
import { formatDateTime, historySummary } from '../model/history-summary';
import classes from '../Permits.module.css';

/** `permit.hand-over` → "Hand over" (the command's own label), `permit.create` → "Created". */
function actionWords(action: string): string {
  const verb = action.replace(/^permit\./, '');
  if (verb === 'create') return 'Created';
  if ((permitCommands as readonly string[]).includes(verb)) return permitCommandLabels[verb as PermitCommand];
  return verb.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Who did what and when, from the audit trail (oldest first). */
export function HistoryTab({ permitId }: { permitId: number }) {
  const history = usePermitHistory(permitId, true);
  if (history.isPending)
    return (
      <Center py="md">
        <Loader aria-label="Loading the history" />
      </Center>
    );
  if (history.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The history could not be loaded: {reasonOf(history.error)}
      </Alert>
    );
  return (
    <ol className={classes.historyList} aria-label="Permit history">
      {history.data.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className={classes.historyItem}>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.at, currentLanguage())} · {entry.actor?.displayName ?? 'System'}
          </Text>
          <Text fw={600}>
            {actionWords(entry.action)}
            {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus
              ? `: ${permitStatusLabels[entry.fromStatus]} → ${permitStatusLabels[entry.toStatus]}`
              : ''}
          </Text>
          {(entry.summary || entry.plannedEnd) && <Text size="sm">{historySummary(entry, currentLanguage())}</Text>}
        </li>
      ))}
    </ol>
  );
}
