import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';

/** The holes a security review found, each tried as an attacker would. */
let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.stop());

const login = (email: string, password: string, from: string) => h.call('POST', '/auth/login', { body: { email, password }, from });

describe('guessing passwords', () => {
  it('a burst of 100 parallel guesses from one address has at most five evaluated, so the right password sent among them is refused', async () => {
    const victim = await h.createAffiliate();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 60 ? victim.password : `guess-${i}`));
    const answers = await Promise.all(guesses.map((password) => login(victim.email, password, '203.0.113.7')));
    const evaluated = answers.filter((a) => a.status !== 429);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(answers[60]!.status).toBe(429);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.code === 'too_many_attempts')).toBe(true);
  });

  it("a stranger's wrong passwords never lock the owner out: the admin still signs in from its own address", async () => {
    for (let i = 0; i < 12; i++) await login(h.admin.email, `guess-${i}`, '198.51.100.20');
    expect((await login(h.admin.email, h.admin.password, '198.51.100.20')).status).toBe(429);
    expect((await login(h.admin.email, h.admin.password, '192.0.2.1')).status).toBe(200);
  });

  it('backs off longer with each failure past the limit', async () => {
    const victim = await h.createAffiliate();
    for (let i = 0; i < 5; i++) await login(victim.email, `guess-${i}`, '203.0.113.50');
    const first = await login(victim.email, 'guess', '203.0.113.50');
    expect(first.status).toBe(429);
    // The message says the wait the answer gives: 30 seconds, not "1 minute".
    const seconds = Number(first.body.retry_after_seconds);
    expect(seconds).toBeGreaterThan(25);
    expect(first.body.message).toBe(`Too many failed sign-in attempts. Try again in ${seconds} seconds.`);
    const { rows } = await h.db.pool.query<{ seconds: number }>(
      "SELECT extract(epoch FROM blocked_until - last_failure)::int AS seconds FROM login_attempts WHERE scope = 'pair' AND email = $1", [victim.email]);
    expect(rows[0]!.seconds).toBe(30);
    // The block passes: one more failure doubles it.
    await h.db.pool.query("UPDATE login_attempts SET blocked_until = now() - interval '1 second' WHERE scope = 'pair' AND email = $1", [victim.email]);
    expect((await login(victim.email, 'guess', '203.0.113.50')).status).toBe(401);
    const { rows: after } = await h.db.pool.query<{ seconds: number }>(
      "SELECT extract(epoch FROM blocked_until - last_failure)::int AS seconds FROM login_attempts WHERE scope = 'pair' AND email = $1", [victim.email]);
    expect(after[0]!.seconds).toBe(60);
  });

  it('an address trying many accounts (credential stuffing) is slowed down whatever the account', async () => {
    const accounts = await Promise.all(Array.from({ length: 3 }, () => h.createAffiliate()));
    let refused = 0;
    for (let i = 0; i < 36; i++) {
      const answer = await login(accounts[i % 3]!.email, `stuffed-${i}`, '203.0.113.99');
      if (answer.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect((await login(accounts[0]!.email, accounts[0]!.password, '203.0.113.100')).status).toBe(200);
  });
});

describe('text no database can store', () => {
  it.each([
    ['a NUL character', 'Bon\u0000jour'],
    ['a lone surrogate', 'Bon\uD800jour'],
  ])('refuses %s in a free-text field with 400, recording nothing', async (_label, text) => {
    const head = await h.eventHead();
    const answer = await h.call('POST', '/contact/submit', { body: { name: 'Léa Bernard', email: 'lea@example.test', subject: 'Une question', message: `${text} : une question sur les offres` } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'message', msg: expect.stringMatching(/Caractère non autorisé/) }]);
    expect(await h.eventHead()).toBe(head);
  });

  it('refuses a list range far beyond any page with 400', async () => {
    const token = await h.login(h.admin.email, h.admin.password);
    for (const range of ['[1e21,1e21]', '[0,1e21]', '[-1,5]']) {
      expect((await h.call('GET', `/applications?range=${encodeURIComponent(range)}`, { token })).status).toBe(400);
    }
  });
});

describe('passwords longer than bcrypt reads', () => {
  it('refuses a password over 72 bytes at registration, reset and change instead of silently cutting it', async () => {
    const long = 'é'.repeat(37); // 74 bytes
    const affiliate = await h.createAffiliate();
    const change = await h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password: affiliate.password, new_password: long } });
    expect(change).toMatchObject({ status: 400, body: { message: 'Le nouveau mot de passe doit contenir au plus 72 octets' } });
    const registration = await h.call('POST', '/applications/submit', {
      body: {
        first_name: 'Léa', last_name: 'Long', username: 'lealong', email: 'long@example.test', password: long, profile_type: 'beginner', contact_method: '@lea',
        country: 'France', experience_description: 'Starting out with SEO sites', affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true,
      },
    });
    expect(registration).toMatchObject({ status: 400, body: { message: 'Le mot de passe doit contenir au plus 72 octets' } });
    const reset = await h.call('POST', '/auth/reset-password', { body: { token: 'x'.repeat(43), password: long } });
    expect(reset.status).toBe(400);
  });
});

describe('double submissions', () => {
  it('two password changes sent at once: one is made, the other is refused (its current password is no longer it), and the token answered works', async () => {
    const affiliate = await h.createAffiliate();
    const change = (new_password: string) => h.call<{ token?: string }>('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password: affiliate.password, new_password } });
    const answers = await Promise.all([change('first-new-pw'), change('second-new-pw')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const won = answers.findIndex((a) => a.status === 200);
    expect((await h.call('GET', '/auth/me', { token: answers[won]!.body.token! })).status).toBe(200);
    expect((await login(affiliate.email, ['first-new-pw', 'second-new-pw'][won]!, '192.0.2.77')).status).toBe(200);
    const { rows } = await h.db.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'PasswordChanged'", [`user-${affiliate.id}`]);
    expect(rows[0].n).toBe(1);
  });
});

describe('sessions and what anonymous callers learn', () => {
  it('refuses a token signed with the real secret but without an expiry', async () => {
    const admin = await h.login(h.admin.email, h.admin.password);
    const claims = jwt.decode(admin) as { sub: string; role: string; tv: number };
    const secret = (await import('node:fs')).readFileSync(`${h.server.deps.config.dataDir}/jwt-secret`, 'utf8').trim();
    const forever = jwt.sign({ sub: claims.sub, role: claims.role, tv: claims.tv }, secret, { algorithm: 'HS256' });
    expect((await h.call('GET', '/auth/me', { token: forever })).status).toBe(401);
  });

  it('answers a forgot-password request for an unknown and a known address alike, doing the work out of the request', async () => {
    const affiliate = await h.createAffiliate();
    const known = await h.call('POST', '/auth/forgot-password', { body: { email: affiliate.email } });
    const unknown = await h.call('POST', '/auth/forgot-password', { body: { email: 'nobody-here@example.test' } });
    expect(known).toEqual(unknown);
    await h.smtp.waitForMail(affiliate.email, { subject: /réinitialisation/i });
    expect(h.smtp.mailsTo('nobody-here@example.test')).toHaveLength(0);
  });
});

describe('affiliate ids', () => {
  it('are not used up by approvals that fail', async () => {
    const token = await h.login(h.admin.email, h.admin.password);
    const nextId = async () =>
      (await h.db.pool.query<{ next: number }>('SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS next FROM affiliate_unique_id_seq')).rows[0]!.next;
    const expected = await nextId();
    const submitted = await h.call<{ id: string }>('POST', '/applications/submit', {
      body: {
        first_name: 'Noé', last_name: 'Petit', username: 'noepetit', email: 'noe-ids@example.test', password: 'secret-pw', profile_type: 'beginner', contact_method: '@noe',
        country: 'France', experience_description: 'Starting out with SEO sites', affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true,
      },
    });
    for (const body of [{ manager_id: '00000000-0000-4000-8000-000000000000' }, { payment_type: 'cpa' }, { referral_commission_rate: 12.55 }]) {
      expect((await h.call('POST', `/applications/${submitted.body.id}/approve`, { token, body })).status).toBe(400);
    }
    expect((await h.call('POST', '/applications/not-a-uuid/approve', { token, body: {} })).status).toBe(404);
    const approved = await h.call<{ unique_id: number }>('POST', `/applications/${submitted.body.id}/approve`, { token, body: {} });
    expect(approved.body.unique_id).toBe(expected);
    expect((await h.call('POST', `/applications/${submitted.body.id}/approve`, { token, body: {} })).status).toBe(404);
    expect(await nextId()).toBe(expected + 1);
  });
});
