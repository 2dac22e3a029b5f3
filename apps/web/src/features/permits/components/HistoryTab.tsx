import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import {
  permitCommandCaptions,
  permitCommands,
  permitFieldCaptions,
  permitHistoryStepCaptions,
  permitStatusCaptions,
  permitsLabels,
  type PermitCommand,
  type PermitHistoryEntry,
  sayIn,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions, type Translate } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { usePermitHistory } from '../api/get-permit-history';
import { historySummary } from '../model/history-summary';
import { HandoverLog } from './HandoverLog';
import classes from '../Permits.module.css';

const when = formatDateTime;
/** `permit.hand-over` → "Hand over" (the command's own label), `permit.create` → "Created". */
function actionWords(action: string, t: Translate): string {
  const verb = action.replace(/^permit\./, '');
  if (verb === 'create') return t(permitsLabels.created);
  if ((permitCommands as readonly string[]).includes(verb)) return t(permitCommandCaptions[verb as PermitCommand]);
  return verb.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** What an entry did, in the reader's words: an isolation step's caption, or the command with its status change. */
function entryWords(entry: PermitHistoryEntry, t: Translate): string {
  if (entry.step) return t(permitHistoryStepCaptions[entry.step.kind], entry.step.values);
  const change =
    entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus
      ? `: ${t(permitStatusCaptions[entry.fromStatus])} → ${t(permitStatusCaptions[entry.toStatus])}`
      : '';
  return `${actionWords(entry.action, t)}${change}`;
}

/** Who did what and when, from the audit trail (oldest first): the lifecycle and every isolation step. */
export function HistoryTab({ permitId }: { permitId: number }) {
  const t = useCaptions();
  const history = usePermitHistory(permitId, true);
  if (history.isPending)
    return (
      <Center py="md">
        <Loader aria-label={t(permitsLabels.loadingHistory)} />
      </Center>
    );
  if (history.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(permitsLabels.historyFailed, { reason: reasonOf(history.error) })}
      </Alert>
    );
  return (
    <Stack gap="md">
      <HandoverLog permitId={permitId} />
      <ol className={classes.historyList} aria-label={t(permitsLabels.history)}>
        {history.data.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className={classes.historyItem}>
            <Text size="sm" c="dimmed">
              {when(entry.at)} · {entry.actor?.displayName ?? t(permitsLabels.system)}
            </Text>
            <Text fw={600}>{entryWords(entry, t)}</Text>
            {/* A step's summary is its English words, already said above in the reader's language. */}
            {!entry.step && (entry.summary || entry.plannedEnd) && (
              <Text size="sm">
                {entry.said
                  ? sayIn(entry.said, entry.summary, t)
                  : historySummary(entry, t(permitFieldCaptions.plannedEnd))}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </Stack>
  );
}
