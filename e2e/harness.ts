import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../backend/src/config/config';
import { FRONTEND_DISTS, startServer, type RunningServer } from '../backend/src/server';
import { codeIn, type ApiBody, type ApiResponse, type CapturedMail } from '../test/apiHarness';
import { createTestDatabase } from '../test/testDatabase';

/**
 * The whole product as `npm start` runs it, for browser journeys: a fresh database, the real server
 * on port 0 serving the API, both built front ends (run `npm run build` first) and the local mail
 * catcher. Mail travels over real SMTP into the catcher and is read back through its /inbox JSON API,
 * the way a developer reads it in the inbox page.
 */

export type E2eAffiliate = { uniqueId: number; userId: string; email: string; password: string; firstName: string; lastName: string };

export type E2eServer = {
  url: string;
  admin: { email: string; password: string };
  /** Calls /api/v1<path> with an optional bearer token and JSON body. */
  api<Body = ApiBody>(method: string, apiPath: string, options?: { token?: string; body?: unknown }): Promise<ApiResponse<Body>>;
  login(email: string, password: string): Promise<string>;
  /**
   * The oldest mail to `to` whose subject matches, not returned by an earlier call, waiting for it
   * to reach the inbox; fails after `timeoutMs`.
   */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  /** Opens an affiliate account through the API: application, admin approval, and (optionally) email verification. */
  createAffiliate(person: { firstName: string; lastName: string; email: string; password: string; verified: boolean }): Promise<E2eAffiliate>;
  stop(): Promise<void>;
};

type InboxSummary = { id: number; subject: string };
type InboxMessage = { to: string[]; subject: string; text: string | null; html: string | null };

const POLL_INTERVAL_MS = 100;

export async function startE2eServer(): Promise<E2eServer> {
  await assertFrontendsBuilt();
  const db = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-e2e-'));
  const admin = { email: 'admin@affilux.test', password: 'admin-password-for-e2e' };
  let server: RunningServer;
  try {
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        MAIL_CATCHER_SMTP_PORT: '0',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: process.env.LOG_LEVEL,
      }),
      { serveFrontends: true },
    );
  } catch (error) {
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = server.url;

  async function api<Body = ApiBody>(method: string, apiPath: string, options: { token?: string; body?: unknown } = {}): Promise<ApiResponse<Body>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}/api/v1${apiPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  async function login(email: string, password: string): Promise<string> {
    const { status, body } = await api('POST', '/auth/login', { body: { email, password } });
    if (status !== 200 || !body.token) throw new Error(`Sign-in of ${email} failed: ${status} ${body.message}`);
    return body.token;
  }

  async function inbox<Body>(inboxPath: string): Promise<Body> {
    const response = await fetch(`${url}/inbox/api${inboxPath}`);
    if (!response.ok) throw new Error(`GET /inbox/api${inboxPath} answered ${response.status}`);
    return (await response.json()) as Body;
  }

  const taken = new Set<number>();
  async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // The inbox lists newest first; the oldest unread match is the one the journey is waiting for.
      const summaries = await inbox<InboxSummary[]>(`/messages?to=${encodeURIComponent(to)}`);
      const match = summaries.reverse().find((mail) => !taken.has(mail.id) && subject.test(mail.subject));
      if (match) {
        taken.add(match.id);
        const message = await inbox<InboxMessage>(`/messages/${match.id}`);
        return { to: message.to, subject: message.subject, text: message.text ?? '', html: message.html ?? '' };
      }
      if (Date.now() > deadline) {
        throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms (inbox: ${JSON.stringify(summaries.map((m) => m.subject))})`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }

  async function createAffiliate(person: { firstName: string; lastName: string; email: string; password: string; verified: boolean }): Promise<E2eAffiliate> {
    const { firstName, lastName, email, password } = person;
    const submitted = await api<{ id: string; message: string }>('POST', '/applications/submit', {
      body: {
        first_name: firstName,
        last_name: lastName,
        username: email.split('@')[0],
        email,
        password,
        profile_type: 'individual',
        contact_method: `@${firstName.toLowerCase()}_media`,
        country: 'France',
        experience_description: 'Media buyer on dating offers since 2019',
        affiliate_niches: [],
        traffic_sources: ['SEO'],
        terms_accepted: true,
      },
    });
    if (submitted.status !== 201) throw new Error(`Application refused: ${submitted.status} ${submitted.body.message}`);
    const approved = await api<{ unique_id: number; user_id: string; message: string }>('POST', `/applications/${submitted.body.id}/approve`, {
      token: await login(admin.email, admin.password),
      body: { payment_type: 'ppt' },
    });
    if (approved.status !== 200) throw new Error(`Approval refused: ${approved.status} ${approved.body.message}`);
    if (person.verified) {
      const token = await login(email, password);
      const sent = await api('POST', '/auth/send-verification-code', { token });
      if (sent.status !== 200) throw new Error(`Verification code refused: ${sent.status} ${sent.body.message}`);
      const code = codeIn(await waitForMail(email, /code de vérification/i));
      const verified = await api('POST', '/auth/verify-email', { token, body: { code } });
      if (verified.status !== 200) throw new Error(`Verification refused: ${verified.status} ${verified.body.message}`);
    }
    return { uniqueId: approved.body.unique_id, userId: approved.body.user_id, email, password, firstName, lastName };
  }

  return {
    url,
    admin,
    api,
    login,
    waitForMail,
    createAffiliate,
    async stop() {
      await server.stop();
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
