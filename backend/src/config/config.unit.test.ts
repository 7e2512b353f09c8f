import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('reads defaults and names every bad variable', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });

  it('reads an empty variable as an unset one: PORT= is the default 3000, not any free port', () => {
    const config = loadConfig({ PORT: '', MAIL_CATCHER_SMTP_PORT: '', HOST: '', DATABASE_URL: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 3000, mailCatcherSmtpPort: 1025, host: '127.0.0.1', databaseUrl: undefined, logLevel: 'info' });
  });

  it('takes connection URLs of the schemes their clients read only, in English like the rest of what the process prints', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`${JSON.stringify(env)} was taken`);
    };
    expect(refused({ SMTP_URL: 'bogus' })).toContain('SMTP_URL: SMTP_URL must be a smtp:// or smtps:// URL, such as smtp://user:password@host:587');
    expect(refused({ DATABASE_URL: 'http://example.test/x' })).toContain('DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(refused({ MONGODB_URL: 'bogus' })).toContain('MONGODB_URL: MONGODB_URL must be a mongodb:// or mongodb+srv:// URL');
    expect(refused({ EVENTSTORE_URL: 'bogus' })).toContain('EVENTSTORE_URL: EVENTSTORE_URL must be a esdb:// or esdb+discover:// URL');
    const good = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', DATABASE_URL: 'postgresql://db/affilux', MONGODB_URL: 'mongodb+srv://u:p@cluster/x', EVENTSTORE_URL: 'esdb+discover://es:2113?tls=false' });
    expect([good.smtpUrl, good.databaseUrl, good.mongodbUrl, good.eventStoreUrl]).toEqual(['smtps://u:p@mail.example:465', 'postgresql://db/affilux', 'mongodb+srv://u:p@cluster/x', 'esdb+discover://es:2113?tls=false']);
  });

  it('refuses to expose the password-less local mail inbox beyond this machine', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SMTP_URL: required when HOST \(0\.0\.0\.0\) is not a loopback address/);
    expect(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:1025' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ PROJECTIONS: 'external' })).toThrow(/PROJECTIONS: external needs DATABASE_URL/);
    expect(loadConfig({ PROJECTIONS: 'external', DATABASE_URL: 'postgres://db/affilux' }).projections).toBe('external');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('keeps the per-address rate limits on by default, and lets them be turned off or raised, refusing anything else', () => {
    expect(loadConfig({}).rateLimits).toEqual({ mode: 'on', scale: 1 });
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits.mode).toBe('off');
    expect(loadConfig({ RATE_LIMIT_SCALE: '100' }).rateLimits.scale).toBe(100);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe', RATE_LIMIT_SCALE: '0.5' })).toThrow(/RATE_LIMITS[\s\S]*RATE_LIMIT_SCALE/);
  });
});
