/** One e-mail: a plain-text body and an HTML one with the same content. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
