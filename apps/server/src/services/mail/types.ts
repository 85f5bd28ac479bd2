/** One e-mail: a plain-text body and an HTML one with the same content. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The From's display name in place of MAIL_FROM's (the address stays MAIL_FROM's, which the mail
   * server may send for): a case reply comes from the venue's name (decision 0249).
   */
  fromName?: string;
  /** Where the recipient's answer goes (a case reply: the manager who wrote it). */
  replyTo?: string;
}

/** The From of a mail: MAIL_FROM, or its address under the mail's own display name. */
export function fromOf(from: string, mail: Mail): string | { name: string; address: string } {
  if (!mail.fromName) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: mail.fromName, address };
}

/** What nodemailer is handed: the mail's fields with the From decided by `fromOf`. */
export function messageOf(from: string, mail: Mail) {
  const { fromName: _, ...rest } = mail;
  return { ...rest, from: fromOf(from, mail) };
}

/** Sends mail; the promise rejects (MailError) when the mail could not be handed on. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where a mailer says what it sent: the subject and where it went, never the body (it holds one-time links). */
export interface MailLog {
  info(object: object, message: string): void;
}

/** A mail that was not sent: the SMTP server refused it or could not be reached, or the outbox write failed. */
export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}
