import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { loadConfig } from '../config/config';
import { FRONTEND_DISTS, startServer, type RunningServer } from '../server';

/**
 * The whole server as `npm start` runs it (both front ends, the local mail catcher and its inbox),
 * on a test database: every kind of answer carries the security headers.
 */
describe('security headers', () => {
  let db: TestDatabase;
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    for (const dist of Object.values(FRONTEND_DISTS)) {
      await fs.access(path.join(dist, 'index.html')).catch(() => {
        throw new Error(`${dist}/index.html is missing: run \`npm run build\` first`);
      });
    }
    db = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-headers-test-'));
    server = await startServer(
      loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, DATA_DIR: dataDir, MAIL_CATCHER_SMTP_PORT: '0', ADMIN_PASSWORD: 'headers-test-password' }),
      { serveFrontends: true },
    );
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = (urlPath: string, init?: RequestInit) => fetch(`${server.url}${urlPath}`, init);
  const directives = (response: Response) =>
    Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );

  const PAGES_AND_CALLS: { what: string; path: string; init?: RequestInit }[] = [
    { what: 'the portal', path: '/' },
    { what: 'a portal route (SPA fallback)', path: '/login' },
    { what: 'the back office', path: '/admin' },
    { what: 'a back-office route', path: '/admin/applications' },
    { what: 'an API answer', path: '/api/v1/health' },
    { what: 'an API error', path: '/api/v1/nothing-here' },
    { what: 'a sign-in', path: '/api/v1/auth/login', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nobody@example.test","password":"wrong-password"}' } },
    { what: 'the mail inbox', path: '/inbox' },
    { what: "the mail inbox's API", path: '/inbox/api/messages' },
  ];

  it.each(PAGES_AND_CALLS)('$what ($path) forbids framing, sniffing and referrers, and carries a script-tight policy', async ({ path: urlPath, init }) => {
    const response = await get(urlPath, init);

    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = directives(response);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
  });

  it("the portal and the back office load scripts from this origin only, with inline styles for MUI's emotion", async () => {
    for (const page of ['/', '/admin']) {
      const csp = directives(await get(page));
      expect(csp['script-src'], page).toEqual(["'self'"]);
      expect(csp['style-src'], page).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src'], page).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('serves each app for its routes, and a 404 for a file that is not there (an asset of an earlier build), not the page', async () => {
    for (const page of ['/affiliate/offers', '/admin/payments', '/reset-password']) {
      const response = await get(page);
      expect([response.status, response.headers.get('content-type')], page).toEqual([200, 'text/html; charset=utf-8']);
    }
    for (const file of ['/assets/index-0ld.js', '/admin/assets/index-0ld.css', '/favicon-old.png']) expect((await get(file)).status, file).toBe(404);
  });

  it('the inbox allows its own inline script by hash, and no other', async () => {
    const response = await get('/inbox');
    const page = await response.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!;

    expect(directives(response)['script-src']).toEqual([`'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
  });

  it.each([
    { what: 'a refused sign-in', path: '/api/v1/auth/login', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nobody@example.test","password":"wrong-password"}' } },
    { what: 'a successful sign-in', path: '/api/v1/auth/login', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"admin@affilux.local","password":"headers-test-password"}' } },
    { what: 'an anonymous /auth/me', path: '/api/v1/auth/me' },
    { what: 'a password-reset request', path: '/api/v1/auth/forgot-password', init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nobody@example.test"}' } },
    { what: "the mail inbox's list (codes and reset links)", path: '/inbox/api/messages' },
    { what: "the mail inbox's unknown message", path: '/inbox/api/messages/999999' },
  ] as { what: string; path: string; init?: RequestInit }[])('$what answers with Cache-Control: no-store', async ({ path: urlPath, init }) => {
    const response = await get(urlPath, init);

    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("an administrator's reading of the users (personal data) answers with Cache-Control: no-store", async () => {
    const login = await get('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"admin@affilux.local","password":"headers-test-password"}' });
    const { token } = (await login.json()) as { token: string };
    const response = await get('/api/v1/admin/users/search?q=', { headers: { authorization: `Bearer ${token}` } });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
