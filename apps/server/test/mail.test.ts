import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mail, MailError } from '../src/services/mail';
import { collectLog, readOutbox, type SmtpListener, startSmtpListener } from './support/mail';

const FROM = 'Venue Voice <no-reply@venue-voice.test>';
const SECRET_LINK = 'http://localhost:8080/console/link/c2VjcmV0LXRva2Vu';

/** A mail like the console's: a one-time link in the body, which no log may show. */
const invitation = (to = 'new.manager@demo.test'): Mail => ({
  to,
  subject: 'You are invited to Demo Bistro on Venue Voice',
  text: `Set your password: ${SECRET_LINK}`,
  html: `<p>Set your password: <a href="${SECRET_LINK}">${SECRET_LINK}</a></p>`,
});

const logged = (log: ReturnType<typeof collectLog>) => JSON.stringify(log.lines);

describe('mail over SMTP (a real smtp-server on loopback)', () => {
  const user = 'venue-voice';
  // Characters that must be percent-encoded in SMTP_URL: nodemailer decodes them.
  const pass = 'p@ss:w/rd%1';
  let starttls: SmtpListener;
  let tls: SmtpListener;

  beforeAll(async () => {
    starttls = await startSmtpListener({ auth: { user, pass } });
    tls = await startSmtpListener({ secure: true, auth: { user, pass } });
  });
  afterAll(async () => {
    await starttls.close();
    await tls.close();
  });

  it.each([
    ['smtp:// (STARTTLS)', () => starttls],
    ['smtps:// (TLS from the start)', () => tls],
  ])(
    '%s with the user and password in the URL: the server gets the mail whole; the log has the subject, not the body',
    async (_name, server) => {
      const listener = server();
      const log = collectLog();
      const mailer = createMailer({ smtpUrl: listener.url, from: FROM, outboxDir: '/nonexistent', log });
      const before = listener.received.length;
      await mailer.send(invitation());
      const mail = await listener.message(before);
      expect(mail).toMatchObject({
        from: { address: 'no-reply@venue-voice.test', name: 'Venue Voice' },
        to: ['new.manager@demo.test'],
        subject: 'You are invited to Demo Bistro on Venue Voice',
      });
      expect(mail.text.trim()).toBe(`Set your password: ${SECRET_LINK}`);
      expect(mail.html).toContain(`<a href="${SECRET_LINK}">`);
      expect(listener.sessions[before]).toEqual({
        recipients: ['new.manager@demo.test'],
        secure: true,
        user,
      });
      expect(log.lines).toEqual([
        { object: expect.objectContaining({ subject: mail.subject }), message: 'mail sent over SMTP' },
      ]);
      expect(logged(log)).not.toContain('c2VjcmV0LXRva2Vu');
      expect(logged(log)).not.toContain(pass);
    },
  );

  it('a wrong password: the send rejects with the server’s answer, without the password', async () => {
    const url = starttls.url.replace(encodeURIComponent(pass), 'wrong-password');
    const mailer = createMailer({ smtpUrl: url, from: FROM, outboxDir: '/nonexistent', log: collectLog() });
    const failure = await mailer.send(invitation()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailError);
    const { message } = failure as MailError;
    expect(message).toMatch(/^The mail server \(smtp:\/\/127\.0\.0\.1:\d+\) did not take the mail: .*535/);
    expect(message).toContain('EAUTH');
    expect(message).not.toContain('wrong-password');
  });
});

describe('mail over SMTP: failures', () => {
  it('a server that refuses the message: the send rejects with its code and text', async () => {
    const listener = await startSmtpListener({ refuse: { code: 550, message: 'Mailbox unavailable' } });
    try {
      const mailer = createMailer({
        smtpUrl: listener.url,
        from: FROM,
        outboxDir: '/nonexistent',
        log: collectLog(),
      });
      await expect(mailer.send(invitation())).rejects.toThrow(
        /did not take the mail: .*550 Mailbox unavailable/,
      );
      expect(listener.received).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  it('no server at the address: the send rejects at once (connection refused), nothing logged as sent', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const log = collectLog();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent',
      log,
    });
    await expect(mailer.send(invitation())).rejects.toThrow(
      new RegExp(
        `^The mail server \\(smtp://127\\.0\\.0\\.1:${port}\\) did not take the mail: .*ECONNREFUSED`,
      ),
    );
    expect(log.lines).toEqual([]);
  });
});

describe('mail without SMTP_URL: the outbox', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vv-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('each mail is one .eml file, only the server’s user may read it, and its subject and file are logged', async () => {
    const outboxDir = join(dataDir, 'outbox');
    const log = collectLog();
    const mailer = createMailer({ from: FROM, outboxDir, log });
    await mailer.send(invitation('first@demo.test'));
    await mailer.send({ ...invitation('second@demo.test'), subject: 'Reset your Venue Voice password' });

    const names = await readdir(outboxDir);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{12}\.eml$/);
      expect((await stat(join(outboxDir, name))).mode & 0o777).toBe(0o600);
    }
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    const mails = await readOutbox(outboxDir);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      [['first@demo.test'], 'You are invited to Demo Bistro on Venue Voice'],
      [['second@demo.test'], 'Reset your Venue Voice password'],
    ]);
    expect(mails[0]?.from).toEqual({ address: 'no-reply@venue-voice.test', name: 'Venue Voice' });
    expect(mails[0]?.text.trim()).toBe(`Set your password: ${SECRET_LINK}`);
    expect(mails[0]?.raw).toContain('\r\n');

    expect(log.lines.map((l) => l.message)).toEqual([
      'mail written to the outbox (no SMTP_URL)',
      'mail written to the outbox (no SMTP_URL)',
    ]);
    expect(log.lines.map((l) => (l.object as { file: string }).file).sort()).toEqual(
      names.map((n) => join(outboxDir, n)).sort(),
    );
    expect(logged(log)).toContain('Reset your Venue Voice password');
    expect(logged(log)).not.toContain('c2VjcmV0LXRva2Vu');
  });

  it('an outbox that cannot be written: the send rejects with a clear error and leaves no partial file', async () => {
    const blocked = join(dataDir, 'blocked');
    await writeFile(blocked, 'a file where the outbox directory should be');
    const log = collectLog();
    const mailer = createMailer({ from: FROM, outboxDir: blocked, log });
    await expect(mailer.send(invitation())).rejects.toThrow(
      new RegExp(`^The mail could not be written to the outbox ${blocked}: .*(ENOTDIR|EEXIST)`),
    );
    expect(log.lines).toEqual([]);
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.part'))).toEqual([]);
  });
});
