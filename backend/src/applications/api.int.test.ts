import { randomUUID } from 'node:crypto';
import { HIDDEN_CHARACTER_MESSAGE } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { managerStream, type ManagerEvent } from '../managers/events';
import { paymentVariantStream, type VariantEvent } from '../variants/events';
import { applicationStream } from './events';

type CatalogueEvent = ManagerEvent | VariantEvent;
import { deterministicEventId, systemContext, toNewEvents } from '../eventstore/commands';

let api: ApiHarness;
let adminToken: string;
let referrer: TestAffiliate;

beforeAll(async () => {
  api = await startApiHarness();
  adminToken = await api.login(api.admin.email, api.admin.password);
  referrer = await api.createAffiliate();
});
afterAll(() => api?.stop());

const application = (overrides: Record<string, unknown> = {}) => {
  const suffix = randomUUID().slice(0, 8);
  return {
    first_name: 'Léa', last_name: 'Bernard', username: `lea-${suffix}`, email: `lea-${suffix}@example.test`, password: 'secret-pw',
    profile_type: 'website', contact_method: '@lea_web', country: 'Belgium', experience_description: 'Owner of three dating review sites',
    affiliate_niches: [], traffic_sources: ['SEO', 'Instagram'], terms_accepted: true, ...overrides,
  };
};

async function submit(overrides: Record<string, unknown> = {}) {
  const body = application(overrides);
  const { status, body: answer } = await api.call<{ id: string; message: string }>('POST', '/applications/submit', { body });
  expect(status).toBe(201);
  return { id: answer.id, input: body };
}

/** What the catalogue will record when an admin creates a manager or a variant (its commands come with the catalogue). */
async function recordCatalogue(stream: string, event: CatalogueEvent) {
  const { position } = await api.server.deps.eventStore.append(stream, toNewEvents([event], systemContext(new Date())), { expectedRevision: 'no_stream' });
  await api.server.deps.readModels.waitFor(position);
}

describe('POST /applications/submit', () => {
  it('records the application without the password, and the admin sees it pending', async () => {
    const { id, input } = await submit();

    const { status, body } = await api.call<Record<string, unknown>>('GET', `/applications/${id}`, { token: adminToken });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, email: input.email, status: 'pending', country: 'Belgium', traffic_sources: ['SEO', 'Instagram'], referred_by: null });
    const { rows } = await api.db.pool.query('SELECT data::text FROM events WHERE stream_id = $1', [`application-${id}`]);
    expect(rows[0].data).not.toContain('secret-pw');
    expect(rows[0].data).not.toContain('password');
  });

  it('refuses every broken rule with a 400 naming the fields, and records nothing', async () => {
    const before = await api.eventHead();
    const { status, body } = await api.call('POST', '/applications/submit', {
      body: { ...application(), first_name: 'L', username: 'ab', email: 'not-an-email', password: '123', contact_method: 'ab',
        country: 'Atlantis', profile_type: 'wizard', experience_description: '     short   ', traffic_sources: [], terms_accepted: false },
    });
    expect(status).toBe(400);
    expect(body.errors!.map((e) => e.field).sort()).toEqual(
      ['contact_method', 'country', 'email', 'experience_description', 'first_name', 'password', 'profile_type', 'terms_accepted', 'traffic_sources', 'username'].sort(),
    );
    expect(body.errors).toContainEqual({ field: 'terms_accepted', msg: "Vous devez accepter les conditions générales d'utilisation" });
    expect(body.errors).toContainEqual({ field: 'first_name', msg: 'Le prénom doit contenir au moins 2 caractères' });
    expect(await api.eventHead()).toBe(before);
  });

  it('refuses a name that would show as another (a right-to-left override, a zero-width space), and records nothing', async () => {
    const before = await api.eventHead();
    const { status, body } = await api.call('POST', '/applications/submit', { body: application({ username: 'nimda\u202E', last_name: 'Mar\u200Btin' }) });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: 'last_name', msg: HIDDEN_CHARACTER_MESSAGE },
      { field: 'username', msg: HIDDEN_CHARACTER_MESSAGE },
    ]);
    expect(await api.eventHead()).toBe(before);
  });

  it('takes niches among the offer categories only: free text, which the log would keep forever, is refused', async () => {
    const before = await api.eventHead();
    const { status, body } = await api.call('POST', '/applications/submit', { body: application({ affiliate_niches: ['Paul Leak, +33 6 12 34 56 78'] }) });
    expect([status, body.errors]).toEqual([400, [{ field: 'affiliate_niches.0', msg: 'Niche inconnue' }]]);
    expect(await api.eventHead()).toBe(before);
    expect((await submit({ affiliate_niches: ['Dating', 'Casino'] })).id).toBeTruthy();
  });

  it('answers in French where a rule has no message of its own: an unknown traffic source, a referrer that is not an affiliate id', async () => {
    const before = await api.eventHead();
    const source = await api.call('POST', '/applications/submit', { body: application({ traffic_sources: ['SEO', 'Carrier pigeon'] }) });
    expect([source.status, source.body.errors]).toEqual([400, [{ field: 'traffic_sources.1', msg: 'Source de trafic inconnue' }]]);
    const referrer = await api.call('POST', '/applications/submit', { body: application({ referred_by: 12.5 }) });
    expect([referrer.status, referrer.body.errors]).toEqual([400, [{ field: 'referred_by', msg: 'Entrée invalide : entier attendu, nombre reçu' }]]);
    expect(await api.eventHead()).toBe(before);
  });

  it("answers 'Email already exists' for an account's address, in any case, recording nothing", async () => {
    const before = await api.eventHead();
    const account = await api.call('POST', '/applications/submit', { body: application({ email: referrer.email.toUpperCase() }) });
    expect([account.status, account.body.message, account.body.code]).toEqual([409, 'Email already exists', 'email_exists']);
    expect(await api.eventHead()).toBe(before);
  });

  it("lets an unproven application hold no address: a second application with the same email is taken, and the first approved wins it", async () => {
    const { id: squatter, input } = await submit();
    const { id: owner } = await submit({ email: input.email.toUpperCase() });

    const approved = await api.call('POST', `/applications/${owner}/approve`, { token: adminToken, body: {} });
    expect(approved.status).toBe(200);
    const second = await api.call('POST', `/applications/${squatter}/approve`, { token: adminToken, body: {} });
    expect([second.status, second.body.code]).toEqual([409, 'email_exists']);
    expect((await api.call('GET', `/applications/${squatter}`, { token: adminToken })).body).toMatchObject({ status: 'pending' });
  });

  it("rejects the leftover duplicate without mailing the address, whose account was just opened (and says so)", async () => {
    const { id: leftover, input } = await submit();
    const { id: owner } = await submit({ email: input.email.toUpperCase() });
    expect((await api.call('POST', `/applications/${owner}/approve`, { token: adminToken, body: {} })).status).toBe(200);
    await api.smtp.waitForMail(input.email, { subject: /Bienvenue/ });

    const rejected = await api.call('POST', `/applications/${leftover}/reject`, { token: adminToken });
    expect([rejected.status, rejected.body.applicant_mailed]).toEqual([200, false]);
    const [, decision] = await api.server.deps.eventStore.readStream(applicationStream(leftover));
    expect(decision).toMatchObject({ type: 'ApplicationRejected', data: { address_taken: true } });
    // The applicant's mails go out in the order of the log: once a later rejection is mailed, the leftover's turn has passed.
    const { id: later, input: laterInput } = await submit();
    await api.call('POST', `/applications/${later}/reject`, { token: adminToken });
    await api.smtp.waitForMail(laterInput.email, { subject: /candidature/i });
    await api.waitForMailQueue();
    expect(api.smtp.mailsTo(input.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/Bienvenue/)]);
  });

  it('frees a rejected applicant: its password hash is forgotten and its address can apply again', async () => {
    const { id, input } = await submit();
    expect((await api.call('POST', `/applications/${id}/reject`, { token: adminToken })).status).toBe(200);
    await expect.poll(async () => (await api.db.pool.query('SELECT 1 FROM credentials WHERE principal_id = $1', [id])).rowCount, { timeout: 5000 }).toBe(0);
    expect((await api.call('POST', '/applications/submit', { body: application({ email: input.email }) })).status).toBe(201);
  });

  it('keeps a referral code that names an affiliate, and drops one that names nobody', async () => {
    const referred = await submit({ referred_by: referrer.uniqueId });
    const unknown = await submit({ referred_by: 99_998 });

    const list = await api.call<Record<string, unknown>[]>('GET', '/applications?filter={"status":"pending"}&range=[0,99]', { token: adminToken });
    const byId = new Map(list.body.map((a) => [a.id, a]));
    expect(byId.get(referred.id)).toMatchObject({ referred_by: referrer.uniqueId, referrer_unique_id: referrer.uniqueId, referrer_name: 'Camille Martin' });
    expect(byId.get(unknown.id)).toMatchObject({ referred_by: null, referrer_name: null });
  });
});

describe('GET /applications (react-admin list)', () => {
  it('pages, filters and sorts with a Content-Range header', async () => {
    await submit();
    await submit();
    const response = await fetch(`${api.url}/api/v1/applications?sort=["created_at","ASC"]&range=[0,1]&filter={"status":"pending"}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const rows = (await response.json()) as { status: string; created_at: string }[];
    const counts = await api.call<{ all: number; pending: number }>('GET', '/applications/counts', { token: adminToken });

    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows[0]!.created_at <= rows[1]!.created_at).toBe(true);
    expect(response.headers.get('content-range')).toBe(`applications 0-1/${counts.body.pending}`);
  });

  it('refuses a sort on an unknown field and malformed range', async () => {
    const sort = await api.call('GET', '/applications?sort=["password_hash","ASC"]', { token: adminToken });
    const range = await api.call('GET', '/applications?range=[5,1]', { token: adminToken });
    expect(sort.status).toBe(400);
    expect(range.status).toBe(400);
  });
});

describe('POST /applications/:id/approve', () => {
  it('opens the account with its unique id, payment settings, manager, variant, referrer and commission, and mails a welcome', async () => {
    const managerId = randomUUID();
    const variantId = randomUUID();
    await recordCatalogue(managerStream(managerId), { type: 'ManagerCreated', data: { manager_id: managerId, nom: 'Sarah Lemoine', telegram: '@sarah_aff', mail: 'sarah@affilux.com' } });
    await recordCatalogue(paymentVariantStream(variantId), {
      type: 'PaymentVariantCreated',
      data: { variant_id: variantId, payment_type: 'sale', name: 'Sale premium', base_amount_cents: 4500, is_evolutionary: false, tiers: [] },
    });
    const variants = await api.call<{ sale: { id: string; base_amount: string }[] }>('GET', '/applications/payment-variants', { token: adminToken });
    expect(variants.body.sale).toContainEqual(expect.objectContaining({ id: variantId, base_amount: '45.00' }));
    const { id, input } = await submit({ referred_by: referrer.uniqueId });

    const { status, body } = await api.call<{ unique_id: number; user_id: string }>('POST', `/applications/${id}/approve`, {
      token: adminToken,
      body: { manager_id: managerId, payment_type: 'sale', variant_id: variantId, referral_commission_rate: 12.5 },
    });

    expect(status).toBe(200);
    expect(body.user_id).toBe(id);
    const token = await api.login(input.email, input.password);
    const me = await api.call('GET', '/auth/me', { token });
    expect(me.body.user).toMatchObject({
      unique_id: body.unique_id, role: 'affiliate', email_verified: false, payment_type: 'sale', variant_id: variantId, manager_id: managerId,
      referred_by: referrer.uniqueId, referral_commission_rate: 12.5, first_name: 'Léa', is_frozen: false,
    });
    const welcome = await api.smtp.waitForMail(input.email, { subject: /Bienvenue/ });
    expect(welcome.text).toContain(String(body.unique_id).padStart(5, '0'));
    expect(welcome.html).toContain('/login');
    const application = await api.call('GET', `/applications/${id}`, { token: adminToken });
    expect(application.body).toMatchObject({ status: 'approved' });
  });

  it("answers 'Application not found or already processed' when approving or rejecting anything but a pending application", async () => {
    const { id } = await submit();
    await api.call('POST', `/applications/${id}/reject`, { token: adminToken });

    for (const [path, body] of [[`/applications/${id}/approve`, { payment_type: 'ppt' }], [`/applications/${id}/reject`, undefined], [`/applications/${randomUUID()}/approve`, {}], ['/applications/not-a-uuid/reject', undefined]] as const) {
      const answer = await api.call('POST', path, { token: adminToken, body });
      expect([answer.status, answer.body.message]).toEqual([404, 'Application not found or already processed']);
    }
  });

  it("answers an unknown application's reading or referral change with a coded 404 the back office translates", async () => {
    for (const [method, path, body] of [['GET', `/applications/${randomUUID()}`, undefined], ['GET', '/applications/xyz', undefined], ['PUT', `/applications/${randomUUID()}/referral`, { referred_by: null }], ['PUT', '/applications/xyz/referral', { referred_by: null }]] as const) {
      const answer = await api.call(method, path, { token: adminToken, body });
      expect([answer.status, answer.body.message, answer.body.code], path).toEqual([404, 'Application not found', 'application_not_found']);
    }
  });

  it('when two admins approve at once, one account is opened, never two', async () => {
    const { id } = await submit();
    const answers = await Promise.all(
      [0, 1, 2].map(() => api.call<{ unique_id?: number }>('POST', `/applications/${id}/approve`, { token: adminToken, body: { payment_type: 'ppt' } })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404]);
    const { rows } = await api.db.pool.query('SELECT count(*)::int AS n FROM rm_users WHERE id = $1', [id]);
    expect(rows[0].n).toBe(1);
    const opened = await api.db.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'AffiliateAccountOpened'", [`user-${id}`]);
    expect(opened.rows[0].n).toBe(1);
  });

  it('never opens an account on a variant deleted at the same moment: one of the two is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const variantId = randomUUID();
      await recordCatalogue(paymentVariantStream(variantId), {
        type: 'PaymentVariantCreated', data: { variant_id: variantId, payment_type: 'ppt', name: `Éphémère ${round}`, base_amount_cents: 900, is_evolutionary: false, tiers: [] },
      });
      const { id } = await submit();
      const [approved, deleted] = await Promise.all([
        api.call('POST', `/applications/${id}/approve`, { token: adminToken, body: { payment_type: 'ppt', variant_id: variantId } }),
        api.call('DELETE', `/ppt-variants/${variantId}`, { token: adminToken }),
      ]);
      // Approved first: the deletion finds the variant in use (409). Deleted first: it is no longer there to give (400).
      expect([[200, 409], [400, 200]]).toContainEqual([approved.status, deleted.status]);
      const { rows } = await api.db.pool.query('SELECT v.deleted FROM rm_users u JOIN rm_payment_variants v ON v.id = u.variant_id WHERE u.id = $1', [id]);
      expect(rows.every((r) => r.deleted === false)).toBe(true);
    }
  });

  it('refuses bad approval terms with a 400 and records nothing', async () => {
    const { id } = await submit();
    const before = await api.eventHead();
    const cases: [unknown, string][] = [
      [{ payment_type: 'crypto' }, 'Le type de paiement doit être ppt ou sale'],
      [{ payment_type: 'ppt', referral_commission_rate: 100.5 }, 'Le taux de commission doit être entre 0 et 100%'],
      [{ payment_type: 'ppt', referral_commission_rate: -1 }, 'Le taux de commission doit être entre 0 et 100%'],
      [{ payment_type: 'ppt', referral_commission_rate: 2.25 }, 'Le taux de commission doit avoir au plus une décimale (pas de 0,1)'],
      [{ payment_type: 'ppt', manager_id: randomUUID() }, 'Manager introuvable'],
      [{ payment_type: 'ppt', variant_id: randomUUID() }, 'Variante introuvable pour ce type de paiement'],
      [{ payment_type: 'ppt', manager_id: 'abc' }, 'UUID invalide'],
    ];
    for (const [body, message] of cases) {
      const answer = await api.call('POST', `/applications/${id}/approve`, { token: adminToken, body });
      expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(await api.eventHead()).toBe(before);
  });

  it('a rejection mails the applicant', async () => {
    const { id, input } = await submit();
    const answer = await api.call('POST', `/applications/${id}/reject`, { token: adminToken });
    expect([answer.status, answer.body.applicant_mailed]).toEqual([200, true]);
    const mail = await api.smtp.waitForMail(input.email, { subject: /candidature/i });
    expect(mail.text).toContain("ne sommes pas en mesure d'accepter");
  });
});

describe('PUT /applications/:id/referral', () => {
  it.each([
    ['123', 'Le code de parrainage doit contenir exactement 5 chiffres'],
    ['1234a', 'Le code de parrainage doit contenir exactement 5 chiffres'],
    [123_456, 'Le code de parrainage doit contenir exactement 5 chiffres'],
    ['00009', 'Le code de parrainage doit être un nombre valide (minimum 10)'],
    [5, 'Le code de parrainage doit être un nombre valide (minimum 10)'],
    [99_997, 'Aucun affilié ne porte ce code de parrainage'],
  ])('refuses %j with %s, listed in errors', async (code, message) => {
    const { id } = await submit();
    const answer = await api.call('PUT', `/applications/${id}/referral`, { token: adminToken, body: { referred_by: code } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'referred_by', msg: message }]);
  });

  it('sets, then removes the referrer with null', async () => {
    const { id } = await submit();
    const set = await api.call('PUT', `/applications/${id}/referral`, { token: adminToken, body: { referred_by: String(referrer.uniqueId).padStart(5, '0') } });
    expect(set.status).toBe(200);
    expect(set.body.application).toMatchObject({ referred_by: referrer.uniqueId, referrer_unique_id: referrer.uniqueId });

    const cleared = await api.call('PUT', `/applications/${id}/referral`, { token: adminToken, body: { referred_by: null } });
    expect(cleared.body.application).toMatchObject({ referred_by: null, referrer_name: null });
  });

  it("refuses an affiliate as their own referrer, and moves an approved account's referrer with its application", async () => {
    const other = await api.createAffiliate();
    const self = await api.call('PUT', `/applications/${referrer.id}/referral`, { token: adminToken, body: { referred_by: referrer.uniqueId } });
    expect([self.status, self.body.message]).toEqual([400, 'Un utilisateur ne peut pas se parrainer lui-même']);

    const moved = await api.call('PUT', `/applications/${referrer.id}/referral`, { token: adminToken, body: { referred_by: other.uniqueId } });
    expect(moved.status).toBe(200);
    const me = await api.call('GET', '/auth/me', { token: referrer.token });
    expect(me.body.user?.referred_by).toBe(other.uniqueId);
  });

  it("refuses, as the user's settings do, an opened account's referrer who is one of its referrals: no loop A → B → A", async () => {
    const a = await api.createAffiliate();
    const b = await api.createAffiliate();
    expect((await api.call('PUT', `/admin/users/${b.id}/referral`, { token: adminToken, body: { referred_by: a.uniqueId } })).status).toBe(200);
    const head = await api.eventHead();
    const loop = await api.call('PUT', `/applications/${a.id}/referral`, { token: adminToken, body: { referred_by: b.uniqueId } });
    expect(loop).toMatchObject({ status: 400, body: { errors: [{ field: 'referred_by', msg: "Un utilisateur ne peut pas être parrainé par l'un de ses filleuls" }] } });
    expect(await api.eventHead()).toBe(head);
    expect((await api.call('GET', '/auth/me', { token: a.token })).body.user?.referred_by).toBeNull();
  });
});

describe('authorisation of the onboarding endpoints', () => {
  const adminCalls: [string, string][] = [
    ['GET', '/applications'],
    ['GET', '/applications/counts'],
    ['GET', '/applications/managers'],
    ['GET', '/applications/payment-variants'],
    ['POST', `/applications/${randomUUID()}/approve`],
    ['POST', `/applications/${randomUUID()}/reject`],
    ['PUT', `/applications/${randomUUID()}/referral`],
  ];

  it.each(adminCalls)("%s %s: 401 without a token, 401 with a bad one, 403 for an affiliate", async (method, path) => {
    const anonymous = await api.call(method, path);
    const forged = await api.call(method, path, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    const affiliate = await api.call(method, path, { token: referrer.token });
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Access token required']);
    expect([forged.status, forged.body.message]).toEqual([401, 'Authentication required']);
    expect([affiliate.status, affiliate.body.message]).toEqual([403, 'Insufficient permissions']);
  });

  it('affiliate endpoints: unverified affiliates are told to verify, admins are refused, verified affiliates get their manager', async () => {
    const unverified = await api.createAffiliate({ verified: false });
    const asUnverified = await api.call('GET', '/affiliate/account/manager', { token: unverified.token });
    const asAdmin = await api.call('GET', '/affiliate/account/manager', { token: adminToken });
    const asAffiliate = await api.call('GET', '/affiliate/account/manager', { token: referrer.token });

    expect([asUnverified.status, asUnverified.body.message]).toEqual([403, 'Email verification required']);
    expect([asAdmin.status, asAdmin.body.message]).toEqual([403, 'Insufficient permissions']);
    expect(asAffiliate).toEqual({ status: 200, body: { hasManager: false, manager: null } });
  });

  it("a frozen affiliate keeps /auth/me, with the manager's contact for the frozen screen, and is refused everything else; unfreezing restores access", async () => {
    const frozen = await api.createAffiliate();
    const managerId = randomUUID();
    await recordCatalogue(managerStream(managerId), { type: 'ManagerCreated', data: { manager_id: managerId, nom: 'Marc Petit', telegram: '@marc_aff', mail: null } });
    await api.recordAccountEvent(frozen.id, { type: 'ManagerAssigned', data: { manager_id: managerId } });
    await api.recordAccountEvent(frozen.id, { type: 'AccountFrozen', data: {} });

    const me = await api.call('GET', '/auth/me', { token: frozen.token });
    expect(me.body.manager).toEqual({ nom: 'Marc Petit', telegram: '@marc_aff', mail: null });
    const manager = await api.call('GET', '/affiliate/account/manager', { token: frozen.token });
    const signIn = await api.call('POST', '/auth/login', { body: { email: frozen.email, password: frozen.password } });
    expect(me.body.user?.is_frozen).toBe(true);
    expect([manager.status, manager.body.message]).toEqual([403, 'Account frozen']);
    expect(signIn.status).toBe(200);

    await api.recordAccountEvent(frozen.id, { type: 'AccountUnfrozen', data: {} });
    expect((await api.call('GET', '/affiliate/account/manager', { token: frozen.token })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it("says 'Invalid credentials' for an unknown email and for a wrong password alike", async () => {
    const unknown = await api.call('POST', '/auth/login', { body: { email: 'nobody@example.test', password: 'whatever' } });
    const wrong = await api.call('POST', '/auth/login', { body: { email: referrer.email, password: 'wrong-password' } });
    expect([unknown.status, unknown.body.message]).toEqual([401, 'Invalid credentials']);
    expect([wrong.status, wrong.body.message]).toEqual([401, 'Invalid credentials']);
  });

  it('after five failures the account is throttled (429), even with the right password', async () => {
    const victim = await api.createAffiliate();
    for (let i = 0; i < 5; i++) await api.call('POST', '/auth/login', { body: { email: victim.email, password: `guess-${i}` } });
    const right = await api.call('POST', '/auth/login', { body: { email: victim.email, password: victim.password } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/Too many failed sign-in attempts/);
  });

  it('refuses malformed input with 400 and a token signed with another secret with 401', async () => {
    const missing = await api.call('POST', '/auth/login', { body: { email: 'x' } });
    expect(missing.status).toBe(400);
    const raw = await fetch(`${api.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ message: 'Corps de requête illisible : JSON invalide', code: 'malformed_body' });
  });
});

describe('contact, newsletter, health and unknown paths', () => {
  it("records a contact message ('Message envoyé avec succès !') and refuses a bad one with the spec's messages", async () => {
    const ok = await api.call('POST', '/contact/submit', { body: { name: 'Jo Martin', email: 'jo@example.test', subject: 'Question paiement', message: 'Quand suis-je payé ?' } });
    expect([ok.status, ok.body.message]).toEqual([201, 'Message envoyé avec succès !']);
    const { rows } = await api.db.pool.query('SELECT status, subject FROM rm_contact_messages WHERE id = $1', [ok.body.id]);
    expect(rows).toEqual([{ status: 'new', subject: 'Question paiement' }]);

    const bad = await api.call('POST', '/contact/submit', { body: { name: 'J', email: 'jo', subject: 'abc', message: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'name', msg: 'Le nom doit contenir au moins 2 caractères' },
      { field: 'email', msg: 'Adresse email invalide' },
      { field: 'subject', msg: 'Le sujet doit contenir au moins 5 caractères' },
      { field: 'message', msg: 'Le message est requis' },
    ]);

    const hidden = await api.call('POST', '/contact/submit', { body: { name: 'Jo\u202EMartin', email: 'jo@example.test', subject: 'Question\tpaiement', message: 'Deux lignes :\nça reste permis.' } });
    expect(hidden.body.errors).toEqual([{ field: 'name', msg: HIDDEN_CHARACTER_MESSAGE }, { field: 'subject', msg: HIDDEN_CHARACTER_MESSAGE }]);
  });

  it('subscribes an address to the newsletter only once its owner follows the mailed link (double opt-in), once however often it is sent, and refuses a bad one', async () => {
    const first = await api.call('POST', '/newsletter/subscribe', { body: { email: 'Reader@Example.test' } });
    const bad = await api.call('POST', '/newsletter/subscribe', { body: { email: 'reader' } });
    expect(first).toEqual({ status: 202, body: { message: 'Vérifiez votre boîte mail pour confirmer votre inscription' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Adresse email invalide']);
    const subscribers = async () => (await api.db.pool.query("SELECT email FROM rm_newsletter_subscribers WHERE email = 'reader@example.test'")).rows;
    expect(await subscribers()).toHaveLength(0);

    const confirm = async () => {
      const mail = await api.smtp.waitForMail('reader@example.test', { subject: /newsletter/i });
      const token = decodeURIComponent(/newsletter\/confirm\?token=([^\s"&<]+)/.exec(mail.text)![1]!);
      return { token, answer: await api.call('POST', '/newsletter/confirm', { body: { token } }) };
    };
    const { token, answer } = await confirm();
    expect(answer).toEqual({ status: 200, body: { message: 'Inscription à la newsletter confirmée' } });
    expect(await subscribers()).toHaveLength(1);
    expect((await api.call('POST', '/newsletter/confirm', { body: { token } })).status).toBe(400);

    await api.call('POST', '/newsletter/subscribe', { body: { email: 'reader@example.test ' } });
    expect((await confirm()).answer.status).toBe(200);
    const events = await api.db.pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'NewsletterSubscribed'");
    expect(events.rows[0].n).toBe(1);

    // The log's stream id is random: it cannot be recomputed from a guessed address, as a name-based id of the address could.
    const { rows: streams } = await api.db.pool.query("SELECT stream_id FROM events WHERE type = 'NewsletterSubscribed'");
    const { rows: ids } = await api.db.pool.query("SELECT subscriber_id FROM newsletter_subscriber_ids WHERE email = 'reader@example.test'");
    expect(streams).toEqual([{ stream_id: `newsletter-subscriber-${ids[0].subscriber_id}` }]);
    expect(streams[0].stream_id).not.toBe(`newsletter-subscriber-${deterministicEventId('newsletter', 'reader@example.test')}`);
  });

  it('tells anyone that the server is up, and only an admin where the event store and the projections stand', async () => {
    expect(await api.call('GET', '/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await api.call('GET', '/health', { token: referrer.token })).toEqual({ status: 200, body: { status: 'ok' } });
    const { status, body } = await api.call<{ eventStore: string; projections: { lag: number } }>('GET', '/health', { token: adminToken });
    expect(status).toBe(200);
    expect(body.eventStore).toBe('postgresql');
    expect(body.projections.lag).toBe(0);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await api.call('GET', '/does-not-exist');
    expect(status).toBe(404);
    expect(body.message).toContain('/api/v1/does-not-exist');
  });
});
