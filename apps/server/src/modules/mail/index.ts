// The mail module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
// One SMTP sender (nodemailer) for every e-mail the server sends; senders retry through their job.
export { Mailer, mailRetry, type MailMessage } from './mailer';
