import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { permitsLabels, permitsMessages } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { usePermitHandovers } from '../api/get-permit-handovers';
import { HandoverNotes } from './HandoverNotes';

/** The permit's handover log ((f)(4)): each shift change's notes and who acknowledged them, when. */
export function HandoverLog({ permitId }: { permitId: number }) {
  const t = useCaptions();
  const handovers = usePermitHandovers(permitId);
  if (handovers.isPending) return <Loader size="sm" aria-label={t(permitsLabels.handoversTitle)} />;
  if (handovers.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(permitsMessages.handoversFailed, { reason: reasonOf(handovers.error) })}
      </Alert>
    );
  return (
    <section aria-label={t(permitsLabels.handoversTitle)} data-testid="handover-log">
      <Title order={3} size="h4" mb="xs">
        {t(permitsLabels.handoversTitle)}
      </Title>
      {handovers.data.length === 0 ? (
        <Text c="dimmed">{t(permitsLabels.noHandovers)}</Text>
      ) : (
        <Stack gap="sm">
          {handovers.data.map((handover) => (
            <Stack key={handover.ID} gap={4}>
              <HandoverNotes
                handover={handover}
                title={`${formatDateTime(handover.at)} · ${t(permitsLabels.handoverFromTo, {
                  from: handover.from?.displayName ?? t(permitsLabels.handoverNone),
                  to: handover.to.displayName,
                  by: handover.by.displayName,
                })}`}
              />
              <Text size="sm" c={handover.acknowledged ? undefined : 'orange.8'}>
                {handover.acknowledged
                  ? t(permitsLabels.handoverAcknowledged, {
                      name: handover.acknowledged.by.displayName,
                      at: formatDateTime(handover.acknowledged.at),
                    })
                  : t(permitsLabels.handoverPending)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </section>
  );
}
