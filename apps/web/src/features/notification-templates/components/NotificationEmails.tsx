import { Badge, Text, Title } from '@mantine/core';
import { notificationEventCaptions, notificationTemplateLabels, notificationTemplateTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useNotificationEmails } from '../api/notification-templates-api';
import classes from '../NotificationTemplates.module.css';

const tone = { queued: 'gray', sent: 'green', failed: 'red' } as const;
const l = notificationTemplateLabels;

/** The facility's latest notification e-mails: a failed one shows the relay's words (administrators see delivery). */
export function NotificationEmails() {
  const t = useCaptions();
  const emails = useNotificationEmails();
  const list = emails.data?.emails ?? [];
  return (
    <section aria-labelledby="notification-emails-heading">
      <Title order={2} size="h4" mt="xl" mb="xs" id="notification-emails-heading">
        {t(notificationTemplateTitles.emails)}
      </Title>
      {emails.isSuccess && !list.length && (
        <Text size="sm" c="dimmed">
          {t(l.noEmails)}
        </Text>
      )}
      <ul className={classes.emails}>
        {list.map((email) => (
          <li key={email.ID}>
            <Badge color={tone[email.state]} variant="light" mr="xs">
              {t(l[`state::${email.state}`])}
            </Badge>
            <Text span size="sm" fw={500}>
              {email.subject}
            </Text>
            <Text size="xs" c="dimmed">
              {new Date(email.createdAt).toLocaleString()} · {t(l.to)} {email.to} ·{' '}
              {email.event in notificationEventCaptions
                ? t(notificationEventCaptions[email.event as keyof typeof notificationEventCaptions])
                : email.event}
            </Text>
            {email.error && (
              <Text size="xs" c={email.state === 'failed' ? 'red.8' : 'dimmed'}>
                {email.error}
              </Text>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
