import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { features } from '../features';
import { GUARDS } from '../identity/authMiddleware';

type Guard = keyof typeof GUARDS | 'public' | 'adminOrApiKey';
type Route = { method: string; path: string; guard: Guard };

/** Routes with no guard of GUARDS: the public site's calls, and the import that an admin or a brand's API key may send. */
const UNGUARDED: Record<string, Guard> = {
  'POST /stats/import': 'adminOrApiKey',
};

/** Every route of every feature, with the guard in front of it (found by identity among the server's guards). */
function routesOf(h: ApiHarness): Route[] {
  const guards = new Map(Object.entries(h.server.deps.auth).map(([name, handler]) => [handler as unknown, name as Guard]));
  const routes: Route[] = [];
  const walk = (stack: { route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] }; handle: { stack?: unknown[] } }[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const guard = layer.route.stack.map((l) => guards.get(l.handle)).find(Boolean);
        for (const method of Object.keys(layer.route.methods)) {
          const key = `${method.toUpperCase()} ${layer.route.path}`;
          routes.push({ method: method.toUpperCase(), path: layer.route.path, guard: guard ?? UNGUARDED[key] ?? 'public' });
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack as never);
    }
  };
  for (const feature of features) {
    for (const build of [feature.api, feature.rawBodyApi]) if (build) walk((build(h.server.deps) as unknown as { stack: never[] }).stack);
  }
  return routes;
}

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, ID);

let h: ApiHarness;
let auditor: string;

beforeAll(async () => {
  h = await startApiHarness();
  const admin = await h.login(h.admin.email, h.admin.password);
  expect((await h.call('POST', '/admin/auditors', { token: admin, body: { email: 'matrix.auditor@example.test', first_name: 'Mat', last_name: 'Rix' } })).status).toBe(201);
  const mail = await h.smtp.waitForMail('matrix.auditor@example.test');
  const token = decodeURIComponent(/reset-password\?token=([^"\s&<]+)/.exec(mail.text)![1]!);
  expect((await h.call('POST', '/auth/reset-password', { body: { token, password: 'matrix-password' } })).status).toBe(200);
  auditor = await h.login('matrix.auditor@example.test', 'matrix-password');
}, 120_000);
afterAll(() => h?.stop());

describe('the auditor on every endpoint', () => {
  it('finds a known guard in front of every route', () => {
    const routes = routesOf(h);
    expect(routes.length).toBeGreaterThan(80);
    const publicRoutes = routes.filter((r) => r.guard === 'public').map((r) => `${r.method} ${r.path}`);
    // Anything else without a guard would be a hole: the list is the public site's, by the spec.
    expect(publicRoutes.every((r) => /^(GET|POST|HEAD) \/(auth\/(login|forgot-password|reset-password)|applications\/submit|contact|newsletter|postback|offers\/public|public|stats\/postback|uploads)/.test(r)), publicRoutes.join('\n')).toBe(true);
  });

  it('every back-office write answers 403 Insufficient permissions and records nothing; the affiliate area refuses; back-office reads answer', async () => {
    const head = await h.eventHead();
    const seen: Record<string, number> = {};
    for (const route of routesOf(h)) {
      const label = `${route.method} ${route.path} (${route.guard})`;
      const path = concrete(route.path);
      const body = route.method === 'GET' ? undefined : {};
      const isRead = route.method === 'GET' || route.path.startsWith('/audit/') || route.path.endsWith('/calculate-bulk-revenues');
      if (route.guard === 'admin' || route.guard === 'adminOrApiKey') {
        expect(await h.call(route.method, path, { token: auditor, body }), label).toEqual({ status: 403, body: { message: 'Insufficient permissions', code: 'insufficient_permissions' } });
      } else if (route.guard === 'affiliate' || route.guard === 'unverifiedAffiliate') {
        expect((await h.call(route.method, path, { token: auditor, body })).status, label).toBe(403);
      } else if (route.guard === 'backOffice') {
        expect(isRead, `${label}: a back-office guard on a write`).toBe(true);
        if (route.path === '/audit/verify') continue; // Rebuilds every read model: exercised by audit.int.test.ts.
        const { status } = await h.call(route.method, path, { token: auditor, body });
        expect([200, 400, 404], label).toContain(status);
      } else continue;
      seen[route.guard] = (seen[route.guard] ?? 0) + 1;
    }
    expect(Object.keys(seen).sort()).toEqual(['admin', 'adminOrApiKey', 'affiliate', 'backOffice', 'unverifiedAffiliate']);
    // Only the recorded audit views moved the log.
    const { rows } = await h.db.pool.query<{ type: string }>('SELECT DISTINCT type FROM events WHERE global_position > $1', [head.split('/')[1]]);
    expect(rows.map((r) => r.type)).toEqual(['AuditViewRecorded']);
  }, 120_000);
});
