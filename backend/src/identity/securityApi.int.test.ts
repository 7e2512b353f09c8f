import { HIDDEN_CHARACTER_MESSAGE } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeIn, startApiHarness, type ApiHarness, type CapturedMail, type TestAffiliate } from '../../../test/apiHarness';
import { START } from '../eventstore/eventStore';
import { userStream } from '../accounts/events';
import { REQUEST_PASSWORD_RESET } from './passwordReset';

const GENERIC_RESET_ANSWER = 'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé';

describe('account security flows', () => {
  let h: ApiHarness;

  beforeAll(async () => {
    h = await startApiHarness();
  });

  afterAll(async () => {
    await h?.stop();
  });

  const userEvents = async (userId: string) => h.server.deps.eventStore.readStream(userStream(userId));
  const lastUserEvent = async (userId: string) => (await userEvents(userId)).at(-1)!;

  /** Secrets must never reach the event log, which auditors read. */
  async function expectNotInEventLog(...secrets: string[]) {
    const log = JSON.stringify(await h.server.deps.eventStore.readAll({ after: START, limit: 100_000 }), (_key, value) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    for (const secret of secrets) expect(log).not.toContain(secret);
  }

  async function requestResetLink(email: string): Promise<{ token: string; mail: CapturedMail }> {
    const answer = await h.call('POST', '/auth/forgot-password', { body: { email } });
    expect(answer).toEqual({ status: 200, body: { message: GENERIC_RESET_ANSWER } });
    const mail = await h.smtp.waitForMail(email, { subject: /réinitialisation/i });
    const token = mail.text.match(/\/reset-password\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`No reset link in: ${mail.text}`);
    return { token, mail };
  }

  async function sendCode(affiliate: TestAffiliate): Promise<string> {
    const sent = await h.call('POST', '/auth/send-verification-code', { token: affiliate.token });
    expect(sent).toEqual({ status: 200, body: { message: 'Code de vérification envoyé' } });
    return codeIn(await h.smtp.waitForMail(affiliate.email, { subject: /code de vérification/i }));
  }

  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('sign-in', () => {
    it('refuses a missing or malformed address, or a missing password, with 400 in French like every other form', async () => {
      expect(await h.call('POST', '/auth/login', { body: {} })).toMatchObject({ status: 400, body: { message: "L'email est requis" } });
      expect(await h.call('POST', '/auth/login', { body: { email: 'bad', password: '12' } })).toMatchObject({ status: 400, body: { message: 'Adresse email invalide' } });
      expect(await h.call('POST', '/auth/login', { body: { email: 'someone@example.test' } })).toMatchObject({ status: 400, body: { message: 'Le mot de passe est requis' } });
    });
  });

  describe('password reset', () => {
    it('sends a single-use link that sets a new password and ends the sessions opened before', async () => {
      const affiliate = await h.createAffiliate();
      const { token, mail } = await requestResetLink(affiliate.email);
      expect(mail.text).toContain(`${h.url}/reset-password?token=${token}`);
      expect(mail.html).toContain(`${h.url}/reset-password?token=${token}`);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const reset = await h.call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-secret' } });
      expect(reset).toEqual({ status: 200, body: { message: 'Mot de passe réinitialisé avec succès' } });

      expect(await h.call('GET', '/auth/me', { token: affiliate.token })).toEqual({ status: 401, body: { message: 'Authentication required', code: 'authentication_required' } });
      expect((await h.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password } })).status).toBe(401);
      const newSession = await h.login(affiliate.email, 'brand-new-secret');
      expect((await h.call('GET', '/auth/me', { token: newSession })).status).toBe(200);

      const again = await h.call('POST', '/auth/reset-password', { body: { token, password: 'another-secret' } });
      expect(again).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });

      expect(await lastUserEvent(affiliate.id)).toMatchObject({ type: 'PasswordChanged', data: { reason: 'reset' }, metadata: { actorId: affiliate.id } });
      const { rows } = await h.db.pool.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE principal_id = $1', [affiliate.id]);
      expect(rows[0]!.token_hash).not.toBe(token);
      await expectNotInEventLog(token, rows[0]!.token_hash, 'brand-new-secret');
      await h.smtp.waitForMail(affiliate.email, { subject: /mot de passe .* modifié/i });
    });

    it('answers the same for an unknown address and mails nothing', async () => {
      const email = 'nobody-here@example.test';
      const answer = await h.call('POST', '/auth/forgot-password', { body: { email } });
      expect(answer).toEqual({ status: 200, body: { message: GENERIC_RESET_ANSWER } });
      await h.waitForMailQueue();
      expect(h.smtp.mailsTo(email)).toHaveLength(0);
    });

    it('refuses a missing or malformed address with 400', async () => {
      const missing = await h.call('POST', '/auth/forgot-password', { body: {} });
      expect(missing).toMatchObject({ status: 400, body: { message: "L'email est requis" } });
      const invalid = await h.call('POST', '/auth/forgot-password', { body: { email: 'not-an-address' } });
      expect(invalid).toMatchObject({ status: 400, body: { message: 'Adresse email invalide' } });
    });

    it('sends at most three links per 15 minutes, still giving the same answer', async () => {
      const affiliate = await h.createAffiliate();
      for (let i = 0; i < 4; i++) {
        const answer = await h.call('POST', '/auth/forgot-password', { body: { email: affiliate.email } });
        expect(answer).toEqual({ status: 200, body: { message: GENERIC_RESET_ANSWER } });
      }
      // The work is a job run out of the request: its mails are queued only once the four have run (a loaded machine runs them late).
      await vi.waitFor(async () => {
        const { rows: waiting } = await h.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM agenda_jobs WHERE name = $1 AND last_finished_at IS NULL", [REQUEST_PASSWORD_RESET]);
        expect(waiting[0]!.n).toBe(0);
      }, { timeout: 15_000, interval: 50 });
      await h.waitForMailQueue();
      expect(h.smtp.mailsTo(affiliate.email).filter((m) => /réinitialisation/i.test(m.subject))).toHaveLength(3);
      const { rows } = await h.db.pool.query('SELECT 1 FROM password_reset_tokens WHERE principal_id = $1', [affiliate.id]);
      expect(rows).toHaveLength(3);
    });

    it('refuses an expired link and keeps the password', async () => {
      const affiliate = await h.createAffiliate();
      const { token } = await requestResetLink(affiliate.email);
      await h.db.pool.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE principal_id = $1", [affiliate.id]);
      const head = await h.eventHead();

      const reset = await h.call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-secret' } });
      expect(reset).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      expect(await h.eventHead()).toBe(head);
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).status).toBe(200);
      await h.login(affiliate.email, affiliate.password);
    });

    it('refuses an unknown token, and a too short password without spending the link', async () => {
      const affiliate = await h.createAffiliate();
      const { token } = await requestResetLink(affiliate.email);
      const head = await h.eventHead();

      const unknown = await h.call('POST', '/auth/reset-password', { body: { token: 'x'.repeat(43), password: 'brand-new-secret' } });
      expect(unknown).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      const noToken = await h.call('POST', '/auth/reset-password', { body: { password: 'brand-new-secret' } });
      expect(noToken).toMatchObject({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      const short = await h.call('POST', '/auth/reset-password', { body: { token, password: '12345' } });
      expect(short).toMatchObject({ status: 400, body: { message: 'Le mot de passe doit contenir au moins 6 caractères' } });
      expect(await h.eventHead()).toBe(head);

      expect((await h.call('POST', '/auth/reset-password', { body: { token, password: '123456' } })).status).toBe(200);
    });

    it('spends every outstanding link of the account when one is used', async () => {
      const affiliate = await h.createAffiliate();
      const first = await requestResetLink(affiliate.email);
      const second = await requestResetLink(affiliate.email);

      expect((await h.call('POST', '/auth/reset-password', { body: { token: second.token, password: 'brand-new-secret' } })).status).toBe(200);
      const stale = await h.call('POST', '/auth/reset-password', { body: { token: first.token, password: 'another-secret' } });
      expect(stale).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      await h.login(affiliate.email, 'brand-new-secret');
    });

    it('lifts the sign-in block of the address', async () => {
      const affiliate = await h.createAffiliate();
      for (let i = 0; i < 5; i++) await h.call('POST', '/auth/login', { body: { email: affiliate.email, password: 'wrong-password' } });
      expect((await h.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password } })).status).toBe(429);

      const { token } = await requestResetLink(affiliate.email);
      expect((await h.call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-secret' } })).status).toBe(200);
      await h.login(affiliate.email, 'brand-new-secret');
    });
  });

  describe('email verification', () => {
    it('lets an unverified affiliate in once the mailed code is entered', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      const blocked = await h.call('GET', '/affiliate/account/manager', { token: affiliate.token });
      expect(blocked).toEqual({ status: 403, body: { message: 'Email verification required', code: 'email_verification_required' } });

      const code = await sendCode(affiliate);
      const verified = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code } });
      expect(verified.status).toBe(200);
      expect(verified.body.message).toBe('Email vérifié avec succès');
      expect(verified.body.user).toMatchObject({ id: affiliate.id, email: affiliate.email, email_verified: true });

      expect(await h.call('GET', '/affiliate/account/manager', { token: affiliate.token })).toEqual({ status: 200, body: { hasManager: false, manager: null } });
      expect(await lastUserEvent(affiliate.id)).toMatchObject({ type: 'EmailVerified', data: { email: affiliate.email } });
      const { rows } = await h.db.pool.query('SELECT 1 FROM email_codes WHERE principal_id = $1', [affiliate.id]);
      expect(rows).toHaveLength(0);
      await expectNotInEventLog(code);

      const again = await h.call('POST', '/auth/send-verification-code', { token: affiliate.token });
      expect(again).toMatchObject({ status: 400, body: { message: 'Email déjà vérifié' } });
    });

    it('sends one code a minute at most, and a new code replaces the previous one', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      const firstCode = await sendCode(affiliate);
      const tooSoon = await h.call('POST', '/auth/send-verification-code', { token: affiliate.token });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toMatch(/^Un code vient d'être envoyé : veuillez patienter \d+ secondes? avant d'en demander un nouveau$/);

      await h.db.pool.query("UPDATE email_codes SET created_at = created_at - interval '61 seconds' WHERE principal_id = $1", [affiliate.id]);
      let secondCode = await sendCode(affiliate);
      // One chance in a million that the new code equals the old one; then the check below proves nothing, so draw again.
      while (secondCode === firstCode) {
        await h.db.pool.query("UPDATE email_codes SET created_at = created_at - interval '61 seconds' WHERE principal_id = $1", [affiliate.id]);
        secondCode = await sendCode(affiliate);
      }
      const stale = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code: firstCode } });
      expect(stale).toMatchObject({ status: 400, body: { message: 'Code de vérification invalide' } });
      expect((await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code: secondCode } })).status).toBe(200);
    });

    it('sends five codes a day at most, so five wrong guesses per code cannot go on for ever', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      const minuteLater = () => h.db.pool.query("UPDATE email_codes SET created_at = created_at - interval '61 seconds' WHERE principal_id = $1", [affiliate.id]);
      for (let sent = 1; sent <= 5; sent++) {
        await sendCode(affiliate);
        await minuteLater();
      }
      const sixth = await h.call('POST', '/auth/send-verification-code', { token: affiliate.token });
      expect(sixth).toMatchObject({ status: 429, body: { message: "Trop de codes envoyés aujourd'hui : vous pourrez en demander un nouveau dans 24 heures" } });
      expect(h.smtp.mailsTo(affiliate.email).filter((m) => /code de vérification/i.test(m.subject))).toHaveLength(5);

      await h.db.pool.query("UPDATE email_codes SET first_sent_at = first_sent_at - interval '24 hours' WHERE principal_id = $1", [affiliate.id]);
      const next = await sendCode(affiliate);
      expect((await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code: next } })).status).toBe(200);
    });

    it('kills the code after five wrong attempts, even for the right code afterwards', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      const code = await sendCode(affiliate);
      const wrong = otherCode(code);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answer = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code: wrong } });
        expect(answer).toMatchObject({ status: 400, body: { message: 'Code de vérification invalide' } });
      }
      const fifth = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code: wrong } });
      expect(fifth).toMatchObject({ status: 400, body: { message: 'Trop de tentatives : demandez un nouveau code' } });
      const right = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code } });
      expect(right).toMatchObject({ status: 400, body: { message: 'Trop de tentatives : demandez un nouveau code' } });
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).body.user?.email_verified).toBe(false);
    });

    it('refuses an expired code', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      const code = await sendCode(affiliate);
      await h.db.pool.query("UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE principal_id = $1", [affiliate.id]);
      const expired = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body: { code } });
      expect(expired).toMatchObject({ status: 400, body: { message: 'Code expiré : demandez un nouveau code' } });
    });

    it('refuses a code that is not six digits without counting an attempt or recording anything', async () => {
      const affiliate = await h.createAffiliate({ verified: false });
      await sendCode(affiliate);
      const head = await h.eventHead();
      for (const body of [{}, { code: '12345' }, { code: '1234567' }, { code: '12a456' }, { code: 123456 }]) {
        const answer = await h.call('POST', '/auth/verify-email', { token: affiliate.token, body });
        expect(answer).toMatchObject({ status: 400, body: { message: 'Le code doit contenir 6 chiffres' } });
      }
      expect(await h.eventHead()).toBe(head);
      const { rows } = await h.db.pool.query<{ attempts: number }>('SELECT attempts FROM email_codes WHERE principal_id = $1', [affiliate.id]);
      expect(rows[0]!.attempts).toBe(0);
    });

    it('is for affiliates: an admin is refused, and a signed-out visitor too', async () => {
      const adminToken = await h.login(h.admin.email, h.admin.password);
      expect(await h.call('POST', '/auth/send-verification-code', { token: adminToken })).toEqual({ status: 403, body: { message: 'Insufficient permissions', code: 'insufficient_permissions' } });
      expect(await h.call('POST', '/auth/verify-email', { body: { code: '123456' } })).toEqual({ status: 401, body: { message: 'Access token required', code: 'access_token_required' } });
    });
  });

  describe('profile', () => {
    const profile = { first_name: 'Camille', last_name: 'Durand', username: 'camille-media', contact_method: '@camille_new', country: 'Belgium' };

    it('updates the personal information and answers with the refreshed user', async () => {
      const affiliate = await h.createAffiliate();
      const answer = await h.call('PUT', '/auth/profile', { token: affiliate.token, body: { ...profile, first_name: '  Camille  ' } });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Profil mis à jour avec succès');
      expect(answer.body.user).toMatchObject({ ...profile, email: affiliate.email, email_verified: true });
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).body.user).toMatchObject(profile);
      expect(await lastUserEvent(affiliate.id)).toMatchObject({ type: 'ProfileUpdated', data: profile, metadata: { actorId: affiliate.id, actorRole: 'affiliate' } });
    });

    it('keeps the joiners that names and emoji need', async () => {
      const affiliate = await h.createAffiliate();
      const names = { first_name: 'مهر\u200Cناز', username: 'team\u{1F469}\u200D\u{1F4BB}' };
      const answer = await h.call('PUT', '/auth/profile', { token: affiliate.token, body: { ...profile, ...names } });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject(names);
    });

    it.each([
      [{ first_name: '' }, 'Le prénom est requis'],
      [{ first_name: undefined }, 'Le prénom est requis'],
      [{ first_name: ' C ' }, 'Le prénom doit contenir au moins 2 caractères'],
      [{ last_name: '' }, 'Le nom est requis'],
      [{ last_name: 'D' }, 'Le nom doit contenir au moins 2 caractères'],
      [{ username: 'ab' }, "Le nom d'utilisateur doit contenir au moins 3 caractères"],
      [{ contact_method: '@c' }, 'Le moyen de contact doit contenir au moins 3 caractères'],
      // Shown to admins as 'admin' (the override reverses 'nimda'), beside the real one.
      [{ username: '\u202Enimda' }, HIDDEN_CHARACTER_MESSAGE],
      [{ first_name: 'Cam\u200Bille' }, HIDDEN_CHARACTER_MESSAGE],
      [{ last_name: 'Du\nrand' }, HIDDEN_CHARACTER_MESSAGE],
      [{ contact_method: '@cam\u2066ille' }, HIDDEN_CHARACTER_MESSAGE],
      [{ country: 'Narnia' }, 'Le pays est requis'],
      [{ country: undefined }, 'Le pays est requis'],
    ])('refuses %o with "%s" and changes nothing', async (change, message) => {
      const affiliate = await h.createAffiliate();
      const before = (await h.call('GET', '/auth/me', { token: affiliate.token })).body.user;
      const head = await h.eventHead();
      const answer = await h.call('PUT', '/auth/profile', { token: affiliate.token, body: { ...profile, ...change } });
      expect(answer).toMatchObject({ status: 400, body: { message } });
      expect(await h.eventHead()).toBe(head);
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).body.user).toEqual(before);
    });

    it('is for verified affiliates', async () => {
      const unverified = await h.createAffiliate({ verified: false });
      expect(await h.call('PUT', '/auth/profile', { token: unverified.token, body: profile })).toEqual({ status: 403, body: { message: 'Email verification required', code: 'email_verification_required' } });
      const adminToken = await h.login(h.admin.email, h.admin.password);
      expect(await h.call('PUT', '/auth/profile', { token: adminToken, body: profile })).toEqual({ status: 403, body: { message: 'Insufficient permissions', code: 'insufficient_permissions' } });
    });
  });

  describe('email change', () => {
    it('mails a code to the new address and moves the account there once it is entered', async () => {
      const affiliate = await h.createAffiliate();
      const newEmail = `moved-${affiliate.id.slice(0, 8)}@example.test`;
      const requested = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: `  ${newEmail.toUpperCase()} `, current_password: affiliate.password } });
      expect(requested).toEqual({ status: 200, body: { message: 'Code envoyé à la nouvelle adresse' } });
      const code = codeIn(await h.smtp.waitForMail(newEmail, { subject: /nouvelle adresse/i }));
      expect(h.smtp.mailsTo(affiliate.email).some((m) => m.text.includes(code))).toBe(false);

      const changed = await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code } });
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Email mis à jour avec succès');
      expect(changed.body.user).toMatchObject({ id: affiliate.id, email: newEmail, email_verified: true });

      expect(await lastUserEvent(affiliate.id)).toMatchObject({ type: 'EmailChanged', data: { email: newEmail, previous_email: affiliate.email } });
      await h.login(newEmail, affiliate.password);
      expect((await h.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password } })).status).toBe(401);
      const { rows } = await h.db.pool.query<{ email: string }>('SELECT email FROM email_claims WHERE principal_id = $1', [affiliate.id]);
      expect(rows.map((r) => r.email)).toEqual([newEmail]);
      await h.smtp.waitForMail(affiliate.email, { subject: /adresse email .* modifiée/i });
      await expectNotInEventLog(code);
    });

    it('ends the reset links mailed to the old address', async () => {
      const affiliate = await h.createAffiliate();
      const { token } = await requestResetLink(affiliate.email);
      const newEmail = `moved-${affiliate.id.slice(0, 8)}@example.test`;
      await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: newEmail, current_password: affiliate.password } });
      const code = codeIn(await h.smtp.waitForMail(newEmail, { subject: /nouvelle adresse/i }));
      expect((await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code } })).status).toBe(200);
      const reset = await h.call('POST', '/auth/reset-password', { body: { token, password: 'taken-over' } });
      expect(reset).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      await h.login(newEmail, affiliate.password);
    });

    it.each([
      [{}, 400, "L'email est requis"],
      [{ email: '' }, 400, "L'email est requis"],
      [{ email: 'not-an-address' }, 400, 'Adresse email invalide'],
    ])('refuses %o with %i "%s"', async (body, status, message) => {
      const affiliate = await h.createAffiliate();
      const answer = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { ...body, current_password: affiliate.password } });
      expect(answer).toMatchObject({ status, body: { message } });
    });

    it("answers another account's address like any other (no enumeration) and refuses it with 409 when the code is entered; refuses the current one with 400, sending no code", async () => {
      const affiliate = await h.createAffiliate();
      const other = await h.createAffiliate();
      const free = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: `free-${affiliate.id.slice(0, 8)}@example.test`, current_password: affiliate.password } });
      const taken = await h.call('PUT', '/auth/update-email', { token: (await h.createAffiliate()).token, body: { email: other.email, current_password: 'wrong' } });
      expect(taken).toMatchObject({ status: 400, body: { message: 'Mot de passe actuel incorrect' } });
      const second = await h.createAffiliate();
      const takenAnswer = await h.call('PUT', '/auth/update-email', { token: second.token, body: { email: other.email, current_password: second.password } });
      expect(takenAnswer).toEqual(free);
      const code = codeIn(await h.smtp.waitForMail(other.email, { subject: /nouvelle adresse/i }));
      expect(await h.call('POST', '/auth/verify-new-email', { token: second.token, body: { code } })).toEqual({ status: 409, body: { message: 'Email already exists', code: 'email_exists' } });

      const same = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: affiliate.email, current_password: affiliate.password } });
      expect(same).toMatchObject({ status: 400, body: { message: "La nouvelle adresse email doit être différente de l'adresse actuelle" } });
      const { rows } = await h.db.pool.query("SELECT 1 FROM email_codes WHERE principal_id = $1 AND new_email = $2", [affiliate.id, affiliate.email]);
      expect(rows).toHaveLength(0);
    });

    it('asks for the current password: a stolen session alone cannot move the account', async () => {
      const affiliate = await h.createAffiliate();
      const head = await h.eventHead();
      const missing = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: `thief-${affiliate.id.slice(0, 8)}@example.test` } });
      expect(missing).toMatchObject({ status: 400, body: { message: 'Le mot de passe actuel est requis' } });
      const wrong = await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: `thief-${affiliate.id.slice(0, 8)}@example.test`, current_password: 'guess' } });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Mot de passe actuel incorrect' } });
      expect(h.smtp.mailsTo(`thief-${affiliate.id.slice(0, 8)}@example.test`)).toHaveLength(0);
      expect(await h.eventHead()).toBe(head);
    });

    it('refuses with 409 when the new address was taken by an account in the meantime, keeping the current one', async () => {
      const affiliate = await h.createAffiliate();
      const newEmail = `contested-${affiliate.id.slice(0, 8)}@example.test`;
      expect((await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: newEmail, current_password: affiliate.password } })).status).toBe(200);
      const code = codeIn(await h.smtp.waitForMail(newEmail));
      const application = await h.call('POST', '/applications/submit', {
        body: {
          first_name: 'Alex', last_name: 'Petit', username: 'alexpetit', email: newEmail, password: 'secret-pw', profile_type: 'beginner',
          contact_method: '@alexp', country: 'France', experience_description: 'Starting out with SEO sites', affiliate_niches: [],
          traffic_sources: ['SEO'], terms_accepted: true,
        },
      });
      expect(application.status).toBe(201);
      const adminToken = await h.login(h.admin.email, h.admin.password);
      expect((await h.call('POST', `/applications/${String(application.body.id)}/approve`, { token: adminToken, body: {} })).status).toBe(200);
      const head = await h.eventHead();

      const answer = await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code } });
      expect(answer).toEqual({ status: 409, body: { message: 'Email already exists', code: 'email_exists' } });
      expect(await h.eventHead()).toBe(head);
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).body.user?.email).toBe(affiliate.email);
    });

    it('applies the code rules to the new-address code', async () => {
      const affiliate = await h.createAffiliate();
      const newEmail = `typo-${affiliate.id.slice(0, 8)}@example.test`;
      await h.call('PUT', '/auth/update-email', { token: affiliate.token, body: { email: newEmail, current_password: affiliate.password } });
      const code = codeIn(await h.smtp.waitForMail(newEmail));
      const short = await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code: '123' } });
      expect(short).toMatchObject({ status: 400, body: { message: 'Le code doit contenir 6 chiffres' } });
      const wrong = await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code: otherCode(code) } });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Code de vérification invalide' } });
      await h.db.pool.query("UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE principal_id = $1", [affiliate.id]);
      const expired = await h.call('POST', '/auth/verify-new-email', { token: affiliate.token, body: { code } });
      expect(expired).toMatchObject({ status: 400, body: { message: 'Code expiré : demandez un nouveau code' } });
    });
  });

  describe('password change', () => {
    it('sets the new password, ends the other sessions and answers with a token for this one', async () => {
      const affiliate = await h.createAffiliate();
      const otherSession = await h.login(affiliate.email, affiliate.password);
      const answer = await h.call('PUT', '/auth/change-password', {
        token: affiliate.token,
        body: { current_password: affiliate.password, new_password: 'changed-secret' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Mot de passe mis à jour avec succès');

      for (const stale of [affiliate.token, otherSession]) {
        expect(await h.call('GET', '/auth/me', { token: stale })).toEqual({ status: 401, body: { message: 'Authentication required', code: 'authentication_required' } });
      }
      expect((await h.call('GET', '/auth/me', { token: answer.body.token })).body.user?.id).toBe(affiliate.id);
      expect((await h.call('GET', '/affiliate/account/manager', { token: answer.body.token })).status).toBe(200);
      await h.login(affiliate.email, 'changed-secret');
      expect(await lastUserEvent(affiliate.id)).toMatchObject({ type: 'PasswordChanged', data: { reason: 'change' } });
      await expectNotInEventLog('changed-secret');
    });

    it('ends the reset links sent before: whoever changes a password may suspect someone reads their mail', async () => {
      const affiliate = await h.createAffiliate();
      const { token } = await requestResetLink(affiliate.email);
      const changed = await h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password: affiliate.password, new_password: 'changed-secret' } });
      expect(changed.status).toBe(200);
      const reset = await h.call('POST', '/auth/reset-password', { body: { token, password: 'taken-over' } });
      expect(reset).toEqual({ status: 400, body: { message: 'Invalid or expired token', code: 'invalid_token' } });
      expect((await h.call('GET', '/auth/me', { token: changed.body.token })).status).toBe(200);
      await h.login(affiliate.email, 'changed-secret');
    });

    it('refuses a wrong current password or a short new one, changing nothing', async () => {
      const affiliate = await h.createAffiliate();
      const head = await h.eventHead();
      const wrong = await h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password: 'not-it', new_password: 'changed-secret' } });
      expect(wrong).toMatchObject({ status: 400, body: { message: 'Mot de passe actuel incorrect' } });
      const short = await h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password: affiliate.password, new_password: '12345' } });
      expect(short).toMatchObject({ status: 400, body: { message: 'Le nouveau mot de passe doit contenir au moins 6 caractères' } });
      const missing = await h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { new_password: 'changed-secret' } });
      expect(missing).toMatchObject({ status: 400, body: { message: 'Le mot de passe actuel est requis' } });
      expect(await h.eventHead()).toBe(head);
      expect((await h.call('GET', '/auth/me', { token: affiliate.token })).status).toBe(200);
    });

    it('counts wrong current passwords as failed sign-ins, blocking after five', async () => {
      const affiliate = await h.createAffiliate();
      const attempt = (current_password: string) =>
        h.call('PUT', '/auth/change-password', { token: affiliate.token, body: { current_password, new_password: 'changed-secret' } });
      for (let i = 0; i < 5; i++) expect((await attempt('not-it')).status).toBe(400);
      expect((await attempt(affiliate.password)).status).toBe(429);
      expect((await h.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password } })).status).toBe(429);
    });

    it('is open to admins too', async () => {
      const adminToken = await h.login(h.admin.email, h.admin.password);
      const changed = await h.call('PUT', '/auth/change-password', { token: adminToken, body: { current_password: h.admin.password, new_password: 'admin-temporary' } });
      expect(changed.status).toBe(200);
      const back = await h.call('PUT', '/auth/change-password', { token: changed.body.token, body: { current_password: 'admin-temporary', new_password: h.admin.password } });
      expect(back.status).toBe(200);
    });
  });

  describe('frozen accounts', () => {
    it('are refused every signed-in security action but can still reset their password', async () => {
      const affiliate = await h.createAffiliate();
      // The admin's freeze command comes with the back-office users screen; its event is what matters here.
      await h.recordAccountEvent(affiliate.id, { type: 'AccountFrozen', data: {} });
      const calls: [string, string, unknown][] = [
        ['POST', '/auth/send-verification-code', undefined],
        ['POST', '/auth/verify-email', { code: '123456' }],
        ['PUT', '/auth/profile', { first_name: 'Camille', last_name: 'Martin', username: 'camille', contact_method: '@cam', country: 'France' }],
        ['PUT', '/auth/update-email', { email: 'frozen-elsewhere@example.test', current_password: 'whatever' }],
        ['POST', '/auth/verify-new-email', { code: '123456' }],
        ['PUT', '/auth/change-password', { current_password: affiliate.password, new_password: 'changed-secret' }],
      ];
      for (const [method, path, body] of calls) {
        expect(await h.call(method, path, { token: affiliate.token, body }), `${method} ${path}`).toEqual({ status: 403, body: { message: 'Account frozen', code: 'account_frozen' } });
      }
      const { token } = await requestResetLink(affiliate.email);
      expect((await h.call('POST', '/auth/reset-password', { body: { token, password: 'brand-new-secret' } })).status).toBe(200);
    });
  });
});
