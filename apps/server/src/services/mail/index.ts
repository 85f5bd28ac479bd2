import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer, MailLog } from './types';

export { createOutboxMailer } from './outbox';
export { createSmtpMailer } from './smtp';
export { type Mail, MailError, type Mailer, type MailLog } from './types';

export interface MailerOptions {
  /** SMTP_URL: smtp:// or smtps://, with user and password in the URL; unset, mails go to outboxDir. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the From header, e.g. `Venue Voice <no-reply@example.com>`. */
  from: string;
  /** DATA_DIR/outbox: one .eml file per mail when there is no SMTP server. */
  outboxDir: string;
  log: MailLog;
}

/** Over SMTP when SMTP_URL is set, else into the outbox directory (the embedded default needs no mail server). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl)
    return createSmtpMailer({ url: options.smtpUrl, from: options.from, log: options.log });
  return createOutboxMailer({ dir: options.outboxDir, from: options.from, log: options.log });
}
