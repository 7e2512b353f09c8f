import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { claimEmailWithCredentials } from '../identity/emailClaims';
import { hashPassword } from '../identity/passwords';
import { ensureDefaultAdmin } from './defaultAdmin';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.stop());

const withAdmin = (adminEmail: string, adminPassword?: string) => ({ ...h.server.deps, config: { ...h.server.deps.config, adminEmail, adminPassword } });

describe('the default admin', () => {
  // Each case is a first start: the harness's own start made one already.
  beforeEach(() => h.db.pool.query('DELETE FROM default_admin'));

  it('is created once with a generated password shown that once, by servers starting together too', async () => {
    const [first, second] = await Promise.all([ensureDefaultAdmin(withAdmin('boss@affilux.test')), ensureDefaultAdmin(withAdmin('boss@affilux.test'))]);
    const made = [first, second].filter((r) => r.created);
    expect(made).toHaveLength(1);
    expect(await h.login('boss@affilux.test', made[0]!.generatedPassword!)).toEqual(expect.any(String));
    expect(await ensureDefaultAdmin(withAdmin('boss@affilux.test'))).toEqual({ created: false, generatedPassword: undefined });
  });

  it('whose first start stopped after claiming its address, before its account and its password were shown, gets a new password shown at the next start', async () => {
    // What such a start left: the address and a password nobody saw.
    expect(await claimEmailWithCredentials(h.db.pool, 'chief@affilux.test', randomUUID(), await hashPassword('never-shown'))).toBe(true);
    const next = await ensureDefaultAdmin(withAdmin('chief@affilux.test'));
    expect(next).toEqual({ created: true, generatedPassword: expect.any(String) });
    const token = await h.login('chief@affilux.test', next.generatedPassword!);
    expect((await h.call('GET', '/auth/me', { token })).body.user).toMatchObject({ email: 'chief@affilux.test', role: 'admin' });
  });

  it('is made once per installation: a later start with another ADMIN_EMAIL makes no second admin (README review)', async () => {
    const first = await ensureDefaultAdmin(withAdmin('owner@affilux.test', 'first-password'));
    expect(first.created).toBe(true);
    expect(await ensureDefaultAdmin(withAdmin('admin@affilux.local'))).toEqual({ created: false });
    expect(await ensureDefaultAdmin(withAdmin('other@affilux.test', 'other-password'))).toEqual({ created: false });
    expect((await h.call('POST', '/auth/login', { body: { email: 'other@affilux.test', password: 'other-password' } })).status).toBe(401);
    expect(await h.login('owner@affilux.test', 'first-password')).toEqual(expect.any(String));
  });
});
