import { Alert, Switch, Text, Title } from '@mantine/core';
import {
  notificationEventCaptions,
  notificationEvents,
  notificationTemplateLabels,
  notificationTemplateMessages,
  notificationTemplateTitles,
  safetyCriticalEvents,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useNotificationOptOuts, useSaveNotificationOptOuts } from '../api/notification-templates-api';

/**
 * The profile's "Notifications I receive": one switch per event, saved at once. A safety-critical
 * event's switch is on and cannot be moved (the server refuses it too).
 */
export function NotificationOptOuts() {
  const t = useCaptions();
  const optOuts = useNotificationOptOuts();
  const save = useSaveNotificationOptOuts();
  const off = optOuts.data?.events ?? [];
  return (
    <section aria-labelledby="notification-opt-outs-heading">
      <Title order={2} size="h4" id="notification-opt-outs-heading">
        {t(notificationTemplateTitles.optOuts)}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t(notificationTemplateLabels.optOutsLead)}
      </Text>
      {save.isError && (
        <Alert color="red" variant="light" mb="sm" role="alert">
          {t(notificationTemplateMessages.saveFailed, { reason: reasonOf(save.error) })}
        </Alert>
      )}
      {notificationEvents.map((event) => {
        const critical = safetyCriticalEvents.includes(event);
        return (
          <Switch
            key={event}
            mt="xs"
            label={t(notificationEventCaptions[event])}
            description={critical ? t(notificationTemplateLabels.safetyCritical) : undefined}
            checked={critical || !off.includes(event)}
            disabled={critical || !optOuts.isSuccess || save.isPending}
            onChange={(change) =>
              save.mutate(
                change.currentTarget.checked
                  ? off.filter((e) => e !== event)
                  : [...off.filter((e) => e !== event), event],
              )
            }
          />
        );
      })}
    </section>
  );
}
