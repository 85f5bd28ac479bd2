import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('config.ts', () => {
  it('defaults: port 8080, host 0.0.0.0, PGlite in ./data, info logs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, logLevel: 'info' });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.webDist.endsWith('apps/web/dist')).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/vv',
      DATABASE_URL: 'postgres://u@h:5432/db',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
    });
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/vv',
      databaseUrl: 'postgres://u@h:5432/db',
      logLevel: 'warn',
      webDist: '/srv/web',
    });
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
