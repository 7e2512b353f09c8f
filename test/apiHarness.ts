import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { ApiUser } from '@affilux/contract';
import { userStream, type AccountEvent } from '../backend/src/accounts/events';
import { systemContext, toNewEvents } from '../backend/src/eventstore/commands';
import { loadConfig } from '../backend/src/config/config';
import { positionToString } from '../backend/src/eventstore/eventStore';
import type { FieldError } from '../backend/src/http/errors';
import { FRONTEND_DISTS, startServer, type RunningServer } from '../backend/src/server';
import { createTestDatabase, type TestDatabase } from './testDatabase';

/**
 * A whole backend for integration suites: a fresh database, the real server on port 0 (API only),
 * and an in-process SMTP server that captures what the product mails, so tests read real emails.
 */

export type CapturedMail = { to: string[]; subject: string; text: string; html: string };

export type SmtpCapture = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every mail received so far, oldest first. */
  readonly mails: readonly CapturedMail[];
  /**
   * The oldest mail to `to` (optionally with a matching subject) not returned by an earlier call,
   * waiting for it to arrive; fails after `timeoutMs`.
   */
  waitForMail(to: string, options?: { subject?: RegExp; timeoutMs?: number }): Promise<CapturedMail>;
  mailsTo(to: string): CapturedMail[];
  close(): Promise<void>;
};

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      buffer(stream)
        .then((raw) => PostalMime.parse(raw))
        .then(
          (email) => {
            mails.push({ to, subject: email.subject ?? '', text: email.text ?? '', html: email.html ?? '' });
            callback();
          },
          (error: Error) => callback(error),
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    async waitForMail(to, { subject, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mailsTo(to).find((m) => !taken.has(m) && (!subject || subject.test(m.subject)));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) {
          const received = mailsTo(to).map((m) => m.subject);
          throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms (received: ${JSON.stringify(received)})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the API answers: `message` on errors and most commands, plus whatever the endpoint adds. */
export type ApiBody = { message: string; errors?: FieldError[]; token?: string; user?: ApiUser; [field: string]: unknown };
export type ApiResponse<Body = ApiBody> = { status: number; body: Body };

/** `from`: the client address the call comes from (sent as X-Forwarded-For, which the server trusts from loopback). */
export type CallOptions = { token?: string; body?: unknown; from?: string; headers?: Record<string, string> };

export type TestAffiliate = { id: string; uniqueId: number; email: string; password: string; firstName: string; lastName: string; token: string };

/** Who the affiliate is; anything left out is made up (unique email, password, usernames). */
export type AffiliateOptions = {
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** The client address every call of the set-up comes from (sent as X-Forwarded-For; the server trusts its loopback proxy). */
  clientAddress?: string;
};

export type ApiHarness = {
  url: string;
  server: RunningServer;
  /** The test database (read or arrange rows directly, e.g. to expire a token). */
  db: TestDatabase;
  smtp: SmtpCapture;
  admin: { email: string; password: string };
  /** Calls /api/v1<path> with an optional bearer token, JSON body and headers. */
  call<Body = ApiBody>(method: string, apiPath: string, options?: CallOptions): Promise<ApiResponse<Body>>;
  login(email: string, password: string, headers?: Record<string, string>): Promise<string>;
  /** Opens an affiliate account the way the product does: application, admin approval, sign-in, and (by default) email verification. */
  createAffiliate(options?: AffiliateOptions): Promise<TestAffiliate>;
  /** Records an account event as a back-office command would (for commands that come in later features), once projected. */
  recordAccountEvent(userId: string, event: AccountEvent): Promise<void>;
  /** The event store's head position, to assert that a refused command recorded nothing. */
  eventHead(): Promise<string>;
  /** Resolves once every queued mail has been handed to SMTP (or fails after `timeoutMs`). */
  waitForMailQueue(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/**
 * `frontends: true` also serves the built portal and back office, for browser journeys (run `npm run build` first).
 * The per-address rate limits stay on, each multiplied by `rateLimitScale` (default 1000: suites make
 * every call from 127.0.0.1); 1 gives the product's limits. `clock` is the server's only clock (the
 * time of every command and job), for suites that need a given day.
 */
export async function startApiHarness(options: { frontends?: boolean; rateLimitScale?: number; clock?: () => Date } = {}): Promise<ApiHarness> {
  if (options.frontends) await assertFrontendsBuilt();
  const db = await createTestDatabase();
  const smtp = await startSmtpCapture();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-api-test-'));
  const admin = { email: 'admin@affilux.test', password: 'admin-password-for-tests' };
  let server: RunningServer;
  try {
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        RATE_LIMITS: 'on',
        RATE_LIMIT_SCALE: String(options.rateLimitScale ?? 1000),
        // Silent unless asked (LOG_LEVEL=debug npx vitest ...) when a test needs the server's view.
        LOG_LEVEL: process.env.LOG_LEVEL,
      }),
      { serveFrontends: options.frontends === true, clock: options.clock },
    );
  } catch (error) {
    await smtp.close();
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  async function call<Body = ApiBody>(method: string, apiPath: string, options: CallOptions = {}): Promise<ApiResponse<Body>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.from) headers['x-forwarded-for'] = options.from;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}/api/v1${apiPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  async function login(email: string, password: string, extraHeaders?: Record<string, string>): Promise<string> {
    const { status, body } = await call('POST', '/auth/login', { body: { email, password }, headers: extraHeaders });
    if (status !== 200 || !body.token) throw new Error(`Sign-in of ${email} failed: ${status} ${body.message}`);
    return body.token;
  }

  async function createAffiliate(options: AffiliateOptions = {}): Promise<TestAffiliate> {
    const suffix = randomUUID().slice(0, 8);
    const { verified = true, firstName = 'Camille', lastName = 'Martin', email = `affiliate-${suffix}@example.test`, password = `pw-${suffix}` } = options;
    const headers = options.clientAddress ? { 'x-forwarded-for': options.clientAddress } : undefined;
    const submitted = await call<{ id: string; message: string }>('POST', '/applications/submit', {
      headers,
      body: {
        first_name: firstName, last_name: lastName, username: `${firstName.toLowerCase()}-${suffix}`, email, password, profile_type: 'individual',
        contact_method: `@${firstName.toLowerCase()}_media`, country: 'France', experience_description: 'Media buyer on dating offers since 2019',
        affiliate_niches: [], traffic_sources: ['SEO', 'TikTok'], terms_accepted: true,
      },
    });
    if (submitted.status !== 201) throw new Error(`Application refused: ${submitted.status} ${submitted.body.message}`);
    const approved = await call<{ unique_id: number; user_id: string; message: string }>('POST', `/applications/${submitted.body.id}/approve`, {
      token: await login(admin.email, admin.password, headers),
      body: { payment_type: 'ppt' },
    });
    if (approved.status !== 200) throw new Error(`Approval refused: ${approved.status} ${approved.body.message}`);
    const token = await login(email, password, headers);
    if (verified) {
      const sent = await call('POST', '/auth/send-verification-code', { token });
      if (sent.status !== 200) throw new Error(`Verification code refused: ${sent.status} ${sent.body.message}`);
      const code = codeIn(await smtp.waitForMail(email, { subject: /code de vérification/i }));
      const verifiedAnswer = await call('POST', '/auth/verify-email', { token, body: { code } });
      if (verifiedAnswer.status !== 200) throw new Error(`Verification refused: ${verifiedAnswer.status} ${verifiedAnswer.body.message}`);
    }
    return { id: approved.body.user_id, uniqueId: approved.body.unique_id, email, password, firstName, lastName, token };
  }

  return {
    url: server.url,
    server,
    db,
    smtp,
    admin,
    call,
    login,
    createAffiliate,
    async recordAccountEvent(userId, event) {
      const { position } = await server.deps.eventStore.append(userStream(userId), toNewEvents([event], systemContext(new Date())), { expectedRevision: 'stream_exists' });
      await server.deps.readModels.waitFor(position);
    },
    eventHead: async () => positionToString(await server.deps.eventStore.headPosition()),
    async waitForMailQueue(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await db.pool.query<{ queued: number }>('SELECT count(*)::int AS queued FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL');
        if (rows[0]!.queued === 0) return;
        if (Date.now() > deadline) throw new Error(`${rows[0]!.queued} mails still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await server.stop();
      await smtp.close();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function assertFrontendsBuilt(): Promise<void> {
  for (const dist of Object.values(FRONTEND_DISTS)) {
    const index = path.join(dist, 'index.html');
    const built = await fs.access(index).then(() => true, () => false);
    if (!built) throw new Error(`${index} is missing: run \`npm run build\` before the browser journeys`);
  }
}

/** The 6-digit code of a verification mail (alone on its line in the text part). */
export function codeIn(mail: CapturedMail): string {
  const match = mail.text.match(/^(\d{6})$/m);
  if (!match) throw new Error(`No 6-digit code in mail "${mail.subject}"`);
  return match[1]!;
}
