import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('reads defaults and names every bad variable', () => {
    expect(loadConfig({}).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET: JWT_SECRET must be at least 32 characters/);
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
