import path from 'node:path';
import { z } from 'zod';

/** A connection URL of one of the schemes its client takes: anything else would fail later, far from its name. */
const connectionUrl = (name: string, schemes: string[], example: string) =>
  z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol.slice(0, -1));
    } catch {
      return false;
    }
  }, `${name} must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL, such as ${example}`);

/**
 * The one place that reads process.env. Parsed once at start-up; a bad value stops the process
 * with a message that names the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: connectionUrl('DATABASE_URL', ['postgres', 'postgresql'], 'postgres://user:password@host:5432/affilux').optional(),
  EVENTSTORE_URL: connectionUrl('EVENTSTORE_URL', ['esdb', 'esdb+discover'], 'esdb://host:2113?tls=false').optional(),
  MONGODB_URL: connectionUrl('MONGODB_URL', ['mongodb', 'mongodb+srv'], 'mongodb://host:27017/affilux').optional(),
  SMTP_URL: connectionUrl('SMTP_URL', ['smtp', 'smtps'], 'smtp://user:password@host:587').optional(),
  MAIL_FROM: z.string().min(3).default('Affilux <no-reply@affilux.local>'),
  MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  AUDIT_SECRET: z.string().min(32, 'AUDIT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN looks like 12h, 30m or 7d').default('12h'),
  ADMIN_EMAIL: z.string().email().default('admin@affilux.local'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  PROJECTIONS: z.enum(['inline', 'external']).default('inline'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_SCALE: z.coerce.number().int('RATE_LIMIT_SCALE must be a whole number').min(1).max(1_000_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  eventStoreUrl?: string;
  mongodbUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  mailCatcherSmtpPort: number;
  publicUrl?: string;
  jwtSecret?: string;
  /** The key of the audit's signed summaries (HMAC-SHA256); else `audit-secret` in the data folder. */
  auditSecret?: string;
  jwtExpiresIn: string;
  adminEmail: string;
  adminPassword?: string;
  projections: 'inline' | 'external';
  /** Per-address limits (http/rateLimits.ts): on or off, and a factor applied to every limit. */
  rateLimits: { mode: 'on' | 'off'; scale: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // In English, like the rest of what the process prints (the API's answers are in French).
  // An empty variable (`PORT=` in a .env file, `${PORT}` of a compose file left unset) is an unset one, not a value: `PORT=` read as 0 would pick any free port.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set, { error: z.locales.en().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The local mail inbox has no sign-in (it shows reset links): it must never be reachable from outside.
  if (!e.SMTP_URL && !isLoopback(e.HOST)) {
    throw new Error(`Invalid configuration:\n  SMTP_URL: required when HOST (${e.HOST}) is not a loopback address; the local mail inbox at /inbox is only for a server on this machine`);
  }
  // The read models then come from `npm run projections`, a second process: the embedded PostgreSQL belongs to one.
  if (e.PROJECTIONS === 'external' && !e.DATABASE_URL) {
    throw new Error('Invalid configuration:\n  PROJECTIONS: external needs DATABASE_URL (the server and `npm run projections` share one database; the embedded PostgreSQL belongs to one process)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    mongodbUrl: e.MONGODB_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailCatcherSmtpPort: e.MAIL_CATCHER_SMTP_PORT,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    auditSecret: e.AUDIT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    projections: e.PROJECTIONS,
    rateLimits: { mode: e.RATE_LIMITS, scale: e.RATE_LIMIT_SCALE },
    logLevel: e.NODE_ENV === 'test' && !env.LOG_LEVEL ? 'silent' : e.LOG_LEVEL,
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
