import { notificationTemplateLabels, notificationTemplateTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { NotificationEmails } from './NotificationEmails';
import { NotificationTemplates } from './NotificationTemplates';

/** `/notifications-manager` (right nav: Master List › Notification Template Manage). */
export function NotificationTemplatesPage() {
  const t = useCaptions();
  const title = t(notificationTemplateTitles.page);
  const childTitle = t(notificationTemplateTitles.manage);
  return (
    <RightNavGate id="notification-template-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(notificationTemplateLabels.lead)}>
        <NotificationTemplates />
        <NotificationEmails />
      </Page>
    </RightNavGate>
  );
}
