import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('config.ts', () => {
  it('defaults: port 8080, host 0.0.0.0, PGlite in ./data, info logs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, logLevel: 'info' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.webDist.endsWith('apps/web/dist')).toBe(true);
    expect(config.consoleDist.endsWith('apps/console/dist')).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/vv',
      DATABASE_URL: 'postgres://u@h:5432/db',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      WEB_DIST: '/srv/web',
      CONSOLE_DIST: '/srv/console',
      REDIS_URL: 'redis://127.0.0.1:6379',
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      AI_BASE_URL: 'http://127.0.0.1:7000/v1',
      AI_API_KEY: 'k',
      DEVICE_PASSCODE_KEY: 'a'.repeat(64),
      CREATE_LIMIT_PER_ADDRESS: '40',
      CREATE_LIMIT_PER_SURVEY: '2000',
      CREATE_LIMIT_WINDOW_MINUTES: '15',
      VOUCHERS_PER_ADDRESS_PER_DAY: '0',
      INTEGRATION_KEY_LIMIT_PER_MINUTE: '1200',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_TIME_SCALE: '0.5',
      REQUEST_TIMEOUT_MS: '120000',
      EXPORT_PROCESS_FROM_ROWS: '0',
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'Feedback <feedback@example.com>',
      PUBLIC_URL: 'https://feedback.example.com/',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/vv',
      databaseUrl: 'postgres://u@h:5432/db',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8'],
      webDist: '/srv/web',
      consoleDist: '/srv/console',
      configCacheTtlMs: 5000,
      exportProcessFromRows: 0,
      requestTimeoutMs: 120_000,
      redisUrl: 'redis://127.0.0.1:6379',
      createLimits: { perAddress: 40, perSurvey: 2000, windowMinutes: 15, vouchersPerAddressPerDay: 0 },
      integrationKeyLimit: 1200,
      webhooks: { allowPrivate: true, timeoutMs: 5000, timeScale: 0.5 },
      storage: {
        kind: 's3',
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'photos',
        region: 'us-east-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
      },
      ai: { baseUrl: 'http://127.0.0.1:7000/v1', apiKey: 'k', model: 'gpt-4o-mini', timeoutMs: 8000 },
      devicePasscodeKey: 'a'.repeat(64),
      botCheck: undefined,
      mail: {
        smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
        from: 'Feedback <feedback@example.com>',
        outboxDir: '/tmp/vv/outbox',
      },
      publicUrl: 'https://feedback.example.com',
    });
  });

  it("mail: the outbox in DATA_DIR without SMTP_URL, a default From; PUBLIC_URL unset means the request's origin", () => {
    const config = loadConfig({ DATA_DIR: '/srv/vv', SMTP_URL: '', MAIL_FROM: '', PUBLIC_URL: '' });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Venue Voice <no-reply@localhost>',
      outboxDir: '/srv/vv/outbox',
    });
    expect(config.publicUrl).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(loadConfig({ MAIL_FROM: 'no-reply@example.com' }).mail.from).toBe('no-reply@example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com', 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['MAIL_FROM', 'Venue Voice', 'MAIL_FROM: must be one address'],
    ['MAIL_FROM', 'a@example.com, b@example.com', 'MAIL_FROM: must be one address'],
    ['PUBLIC_URL', 'feedback.example.com', 'PUBLIC_URL: must be an http(s) URL'],
    ['PUBLIC_URL', 'ftp://feedback.example.com', 'PUBLIC_URL: must be an http(s) URL without a user'],
    ['PUBLIC_URL', 'https://example.com/feedback', 'PUBLIC_URL: must be an origin without a path'],
    ['PUBLIC_URL', 'https://example.com/?a=1', 'PUBLIC_URL: must be an origin without a path'],
  ])('refuses %s=%s', (variable, value, problem) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(problem);
  });

  it('REQUEST_TIMEOUT_MS: 300 s unless set, 1 s to 1 h (decision 0192)', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(300_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '999' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '3600001' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('bot check (decision 0200): off without RECAPTCHA_SECRET; with it, Google’s endpoint, 0.5 and 3 s unless set', () => {
    expect(loadConfig({}).botCheck).toBeUndefined();
    expect(loadConfig({ RECAPTCHA_SECRET: '', RECAPTCHA_MIN_SCORE: '0.7' }).botCheck).toBeUndefined();
    expect(loadConfig({ RECAPTCHA_SECRET: 's' }).botCheck).toEqual({
      secret: 's',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
      timeoutMs: 3000,
    });
    const set = {
      RECAPTCHA_SECRET: 's',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/verify',
      RECAPTCHA_MIN_SCORE: '0.7',
      RECAPTCHA_TIMEOUT_MS: '1500',
    };
    expect(loadConfig(set).botCheck).toEqual({
      secret: 's',
      verifyUrl: 'http://127.0.0.1:9999/verify',
      minScore: 0.7,
      timeoutMs: 1500,
    });
  });

  it.each([
    ['RECAPTCHA_MIN_SCORE', '1.5'],
    ['RECAPTCHA_MIN_SCORE', 'high'],
    ['RECAPTCHA_VERIFY_URL', 'ftp://example.com/verify'],
    ['RECAPTCHA_TIMEOUT_MS', '0'],
  ])('refuses %s=%j at start', (name, value) => {
    expect(() => loadConfig({ RECAPTCHA_SECRET: 's', [name]: value })).toThrow(new RegExp(name));
  });

  it('stores uploads under DATA_DIR by default and needs every S3 setting for S3', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/vv' }).storage).toEqual({ kind: 'local', dir: '/tmp/vv/uploads' });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ENDPOINT/);
  });

  it('D3.20 D3.21 the create limits default to 30 per address and 1000 per survey in 10 minutes, 3 vouchers a day', () => {
    expect(loadConfig({}).createLimits).toEqual({
      perAddress: 30,
      perSurvey: 1000,
      windowMinutes: 10,
      vouchersPerAddressPerDay: 3,
    });
    expect(() => loadConfig({ CREATE_LIMIT_PER_ADDRESS: '0' })).toThrow(/CREATE_LIMIT_PER_ADDRESS/);
  });

  it('O11.6 an integration key gets 60,000 requests a minute unless configured', () => {
    expect(loadConfig({}).integrationKeyLimit).toBe(60_000);
    expect(loadConfig({ INTEGRATION_KEY_LIMIT_PER_MINUTE: '600' }).integrationKeyLimit).toBe(600);
    expect(() => loadConfig({ INTEGRATION_KEY_LIMIT_PER_MINUTE: '0' })).toThrow(
      /INTEGRATION_KEY_LIMIT_PER_MINUTE/,
    );
  });

  it('exports from 20,000 rows leave the server for an export process unless set (decision 0262)', () => {
    expect(loadConfig({}).exportProcessFromRows).toBe(20_000);
    expect(() => loadConfig({ EXPORT_PROCESS_FROM_ROWS: '-1' })).toThrow(/EXPORT_PROCESS_FROM_ROWS/);
  });

  it('an empty DATABASE_URL means PGlite', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('fails once with a list of everything that is wrong', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/LOG_LEVEL/);
    }
  });
});
