import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createOutboxMailer, type Mailer, type MailLog } from '../../src/services/mail';

/** A mail as a test reads it back: parsed from the bytes a real server received or the outbox holds. */
export interface ReceivedMail {
  /** The From header's address and display name. */
  from: { address: string; name: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole message as it arrived (headers and body). */
  raw: string;
}

async function parseMail(raw: Buffer): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));
  return {
    from: { address: parsed.from?.value[0]?.address ?? '', name: parsed.from?.value[0]?.name ?? '' },
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    raw: raw.toString('utf8'),
  };
}

/** What a mailer logged, kept so a test can check the subject is there and the body is not. */
export interface LogCollector extends MailLog {
  lines: { object: object; message: string }[];
}

export function collectLog(): LogCollector {
  const lines: LogCollector['lines'] = [];
  return { lines, info: (object, message) => lines.push({ object, message }) };
}

export interface TempOutbox {
  dir: string;
  /** The real outbox mailer over dir (what serve.ts builds without SMTP_URL). */
  mailer: Mailer;
  log: LogCollector;
  /** Every mail in the outbox, oldest file name first. */
  mails(): Promise<ReceivedMail[]>;
  remove(): Promise<void>;
}

/** An outbox mailer in a new temporary directory: the harness's mailer. */
export async function tempOutbox(): Promise<TempOutbox> {
  const dir = await mkdtemp(join(tmpdir(), 'vv-outbox-'));
  const log = collectLog();
  return {
    dir,
    log,
    mailer: createOutboxMailer({ dir, from: 'Venue Voice <no-reply@venue-voice.test>', log }),
    mails: () => readOutbox(dir),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The .eml files of an outbox directory, parsed, in file-name (time) order; none when it does not exist. */
export async function readOutbox(dir: string): Promise<ReceivedMail[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => parseMail(await readFile(join(dir, name)))));
}

/**
 * An outbox mailer for apps that send no mail (buildApp needs one): its directory under the system's
 * temporary one is made only by a first mail, so an app that never mails leaves nothing behind.
 */
export function unusedMailer(): Mailer {
  const dir = join(tmpdir(), `vv-outbox-unused-${randomBytes(6).toString('hex')}`);
  return createOutboxMailer({ dir, from: 'Venue Voice <no-reply@venue-voice.test>', log: collectLog() });
}

export interface SmtpListener {
  /** SMTP_URL for this server: user and password in it when it asks for them. */
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMail[];
  /** How each accepted message came, in order: its envelope's recipients (RCPT TO), over TLS, signed in as. */
  sessions: { recipients: string[]; secure: boolean; user: string | undefined }[];
  /** Resolves with the nth accepted message (0-based), waiting for it if it has not come yet. */
  message(index: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpListenerOptions {
  /** smtps:// (TLS from the first byte) instead of smtp:// with STARTTLS. */
  secure?: boolean;
  /** Require this user and password (AUTH PLAIN/LOGIN). */
  auth?: { user: string; pass: string };
  /** Answer every message's data with this SMTP error instead of accepting it. */
  refuse?: { code: number; message: string };
}

/**
 * A real SMTP server (the nodemailer project's smtp-server) on 127.0.0.1 and a free port that keeps
 * what it receives. Its certificate is smtp-server's built-in self-signed one, so the URL tells the
 * client not to verify it (tls.rejectUnauthorized=false, a nodemailer URL option).
 */
export async function startSmtpListener(options: SmtpListenerOptions = {}): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  const sessions: SmtpListener['sessions'] = [];
  const waiting = new Map<number, (mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    secure: options.secure ?? false,
    authOptional: !options.auth,
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      if (ok) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse) {
          callback(Object.assign(new Error(options.refuse.message), { responseCode: options.refuse.code }));
          return;
        }
        parseMail(Buffer.concat(chunks)).then(
          (mail) => {
            sessions.push({
              recipients: session.envelope.rcptTo.map((r) => r.address),
              secure: session.secure,
              user: session.user as string | undefined,
            });
            received.push(mail);
            waiting.get(received.length - 1)?.(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  const scheme = options.secure ? 'smtps' : 'smtp';
  return {
    url: `${scheme}://${credentials}127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    received,
    sessions,
    message: (index) => {
      const mail = received[index];
      if (mail) return Promise.resolve(mail);
      return new Promise((resolve) => waiting.set(index, resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
