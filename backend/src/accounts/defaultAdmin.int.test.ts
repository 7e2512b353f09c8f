import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
