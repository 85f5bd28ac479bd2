import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Mail, MailError, type Mailer, type MailLog, messageOf } from './types';

/**
 * Each mail as an .eml file in `dir` (`<time>-<id>.eml`, the message as it would go over SMTP, CRLF
 * lines), its subject and file logged. Written beside its name and renamed into place, so a reader
 * sees a whole file or none; readable by the server's user only: mails carry one-time sign-in links.
 */
export function createOutboxMailer(options: { dir: string; from: string; log: MailLog }): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail: Mail) {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
      const path = join(options.dir, name);
      const draft = `${path}.part`;
      try {
        const { message } = await composer.sendMail(messageOf(options.from, mail));
        await mkdir(options.dir, { recursive: true, mode: 0o700 });
        await writeFile(draft, message as Buffer, { mode: 0o600 });
        await rename(draft, path);
      } catch (error) {
        // A draft may not exist (the directory could not be made); the first error is the one to tell.
        await rm(draft, { force: true }).catch(() => undefined);
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailError(`The mail could not be written to the outbox ${options.dir}: ${reason}`, {
          cause: error,
        });
      }
      options.log.info({ subject: mail.subject, file: path }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
