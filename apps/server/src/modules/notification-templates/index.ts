// Notification templates (decision 0076): each event's wording per language, channels and
// recipients, the notices sent from them, and users' opt-outs.

// Notices go to the inbox and by e-mail through the mail module's job.

export { deliverNotice, type Notice, type NoticeChannels } from './deliver-notice';
export { notificationMailJobs, queueNotificationMail, sendNotificationMail } from './notification-mail.jobs';
export { fillTemplate, renderNotice } from './notification-render';
export { notificationOptOutRoutes, notificationTemplateRoutes } from './notification-templates.routes';
