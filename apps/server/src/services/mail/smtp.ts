import nodemailer from 'nodemailer';
import { type Mail, MailError, type Mailer, type MailLog, messageOf } from './types';

/**
 * Shorter than nodemailer's defaults (2 min to connect, 10 min idle): a mail is sent while an operator
 * waits for an answer, so a server that does not answer fails the call in seconds, not minutes.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Nodemailer over the URL's server: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from
 * the start), user and password from the URL, nodemailer's query options (e.g. tls.servername) too. One
 * connection per mail (no pool): mails are rare, and nothing stays open to close.
 */
export function createSmtpMailer(options: { url: string; from: string; log: MailLog }): Mailer {
  const transport = nodemailer.createTransport({ url: options.url, ...TIMEOUTS });
  const server = serverOf(options.url);
  return {
    async send(mail: Mail) {
      try {
        const info = await transport.sendMail(messageOf(options.from, mail));
        options.log.info({ subject: mail.subject, messageId: info.messageId }, 'mail sent over SMTP');
      } catch (error) {
        throw new MailError(`The mail server (${server}) did not take the mail: ${reasonOf(error)}`, {
          cause: error,
        });
      }
    },
  };
}

/** The server's host and port for messages, without the password the URL carries. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP_URL';
  }
}

/** Nodemailer's message and code, e.g. "Invalid login: 535 Authentication failed (EAUTH)". */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}
