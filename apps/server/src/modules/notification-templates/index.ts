// The notification-templates module's public surface: other modules, app.ts and tests import only from here.
// Each event's template (wording per language, channels, recipients), the notices sent from it
// (inbox and e-mail through the mail module's job), and each user's opt-outs. Decision 0076.
export { deliverNotice, type Notice, type NoticeChannels } from './deliver-notice';
export { notificationMailJobs, queueNotificationMail, sendNotificationMail } from './notification-mail.jobs';
export { fillTemplate, renderNotice } from './notification-render';
export { notificationOptOutRoutes, notificationTemplateRoutes } from './notification-templates.routes';
