// One SMTP sender (nodemailer) for every e-mail the server sends; senders retry through their job.

export { Mailer, mailRetry, type MailMessage } from './mailer';
