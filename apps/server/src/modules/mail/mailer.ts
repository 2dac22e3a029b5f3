import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/config';
import type { RetryPolicy } from '../../platform/jobs';

/** One e-mail: plain text, an optional HTML part (escaped by its sender), optional attachments held in memory. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * Sending is always a job (the sender's job retries it this way): a relay that is down for a few
 * minutes delays the e-mail instead of losing it. Six attempts over about an hour.
 */
export const mailRetry: Required<RetryPolicy> = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true };

/**
 * The e-mail sender of the server: one SMTP relay (HASP_SMTP_URL) and one sender (HASP_MAIL_FROM).
 * Off when no relay is configured: `enabled` is false and `send` refuses, so a caller records
 * "mail off" instead of pretending it sent. Reports and notification templates send through it.
 */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(private readonly settings: Pick<Config, 'smtpUrl' | 'mailFrom'>) {}

  get enabled(): boolean {
    return this.settings.smtpUrl !== '';
  }

  /** Sends one message; throws with the relay's answer when it refuses or cannot be reached. */
  async send(message: MailMessage): Promise<void> {
    if (!this.enabled) throw new Error('E-mail is off: HASP_SMTP_URL is not set');
    // One pooled-less transport per process, made on first use (nothing connects at startup).
    this.transport ??= nodemailer.createTransport({
      url: this.settings.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    await this.transport.sendMail({
      from: this.settings.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      attachments: message.attachments ?? [],
    });
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
