import type { AdminUserDetail, ApiUser, PaymentMethodAnswer, ReferralInfo, VariationHistoryEntry } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { recordManager, recordVariant, recordVariantUpdate } from '../../../test/catalogueEvents';

let h: ApiHarness;
let admin: string;

beforeAll(async () => {
  h = await startApiHarness();
  admin = await h.login(h.admin.email, h.admin.password);
});
afterAll(() => h?.stop());

const GOLD = {
  payment_type: 'sale' as const, name: 'Gold', base_amount_cents: 2500, is_evolutionary: true,
  tiers: [
    { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2500 },
    { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 3000 },
  ],
};
const CRYPTO = { type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: 'TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT' };
const BANK = {
  type: 'bank', company_name: 'Martin Media SAS', siret: '732 829 320 00074', iban: 'fr76 3000 6000 0112 3456 7890 189', address: '12 rue de la Paix, 75002 Paris', country: 'France',
};

/** The events of a stream, oldest first, as the log holds them. */
async function streamEvents(userId: string) {
  return (await h.server.deps.eventStore.readStream(`user-${userId}`)).map((e) => ({ type: e.type, data: e.data, id: e.id }));
}

describe('GET /admin/users/search', () => {
  let camille: TestAffiliate;
  let zoe: TestAffiliate;
  let noe: TestAffiliate;
  let hugo: TestAffiliate;
  beforeAll(async () => {
    camille = await h.createAffiliate({ firstName: 'Camille', lastName: 'Lefèbvre', email: 'camille.lefebvre@example.test' });
    hugo = await h.createAffiliate({ firstName: 'Hugo', lastName: 'Moreau', email: 'hugo.moreau@example.test' });
    zoe = await h.createAffiliate({ firstName: 'Zoé', lastName: 'Cœurdacier', email: 'zoe.c@example.test' });
    // Typed on a keyboard that sends the accent as a mark after its letter: stored so.
    noe = await h.createAffiliate({ firstName: 'Noe\u0301mie', lastName: 'Faure', email: 'noemie.f@example.test' });
  });

  const search = async (q: string) => (await h.call<ApiUser[]>('GET', `/admin/users/search?q=${encodeURIComponent(q)}`, { token: admin })).body;

  it("finds an affiliate by first or last name, full name, email, username and 5-digit id, with the spec's user fields", async () => {
    for (const q of ['lefeb', 'CAMILLE LEF', 'Lefebvre Camille', 'camille.lefebvre@', String(camille.uniqueId), String(camille.uniqueId).padStart(5, '0')]) {
      expect((await search(q)).map((u) => u.id), q).toContain(camille.id);
    }
    const [found] = await search('hugo.moreau@example.test');
    expect(found).toMatchObject({
      id: hugo.id, unique_id: hugo.uniqueId, first_name: 'Hugo', last_name: 'Moreau', email: 'hugo.moreau@example.test', email_verified: true,
      is_frozen: false, payment_type: 'ppt', variant_id: null, manager_id: null, referral_commission_rate: 0, country: 'France',
    });
    expect(found!.username).toMatch(/^hugo-/);
    expect(found).toHaveProperty('created_at');
    expect(found).toHaveProperty('last_connection');
    expect(found).toHaveProperty('contact_method');
  });

  it('finds an affiliate whatever the accents, and by its id or username typed as the back office shows them (#00042, @name)', async () => {
    for (const q of ['lefebvre', 'LEFÈBVRE', 'Camîlle Lefebvre', `#${String(camille.uniqueId).padStart(5, '0')}`]) {
      expect((await search(q)).map((u) => u.id), q).toContain(camille.id);
    }
    const [hugoFound] = await search('hugo.moreau@example.test');
    expect((await search(`@${hugoFound!.username}`)).map((u) => u.id)).toEqual([hugo.id]);
    // Ligatures spelt out, and accents typed decomposed (a combining mark after the letter, as some keyboards send them).
    for (const q of ['coeurdacier', 'CŒURDACIER', 'Zoe\u0301 Cœur', 'zoe coeur']) {
      expect((await search(q)).map((u) => u.id), q).toContain(zoe.id);
    }
    // Names pasted with a no-break or narrow space between them, or two spaces, are the same words.
    for (const q of ['noémie', 'Noe\u0301mie Faure', 'NOEMIE', 'Noémie\u00a0Faure', 'noemie\u202ffaure', 'noemie  faure']) {
      expect((await search(q)).map((u) => u.id), q).toContain(noe.id);
    }
  });

  it('lists the newest affiliates for an empty query and never the administrators', async () => {
    const all = await search('');
    expect(all.map((u) => u.id).slice(0, 4)).toEqual([noe.id, zoe.id, hugo.id, camille.id]);
    expect(all.every((u) => u.role === 'affiliate')).toBe(true);
    expect(await search('admin@affilux.test')).toEqual([]);
  });

  it('takes the query literally (a % or _ is no wildcard) and refuses an over-long one', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect((await h.call('GET', `/admin/users/search?q=${'a'.repeat(201)}`, { token: admin })).status).toBe(400);
  });
});

describe('GET /admin/users/{id}', () => {
  it('answers the user record with its manager, its rate in force and when the password last changed', async () => {
    const affiliate = await h.createAffiliate({ firstName: 'Inès', lastName: 'Petit' });
    const { status, body } = await h.call<AdminUserDetail>('GET', `/admin/users/${affiliate.id}`, { token: admin });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: affiliate.id, unique_id: affiliate.uniqueId, first_name: 'Inès', last_name: 'Petit', email_verified: true, manager: null, password_changed_at: null,
      current_rate: { payment_type: 'ppt', standard: true, base_amount: '20.00', variant_name: null, end_date: null },
    });
    expect(body.last_connection).not.toBeNull();
  });

  it("answers 'User not found' for an unknown id, a malformed one and an administrator's", async () => {
    const { body: me } = await h.call<{ user: ApiUser }>('GET', '/auth/me', { token: admin });
    for (const id of ['3f1b2c4d-0000-4000-8000-000000000000', 'not-a-uuid', me.user.id]) {
      expect(await h.call('GET', `/admin/users/${id}`, { token: admin })).toMatchObject({ status: 404, body: { message: 'User not found', code: 'user_not_found' } });
    }
  });
});

describe('the payment method of an affiliate', () => {
  let affiliate: TestAffiliate;
  beforeAll(async () => {
    affiliate = await h.createAffiliate({ firstName: 'Nora', lastName: 'Garnier' });
  });
  const path = () => `/admin/users/${affiliate.id}/payment-method`;

  it('is absent at first, then a crypto wallet is recorded: details in their table, only the type in the log', async () => {
    expect((await h.call<PaymentMethodAnswer>('GET', path(), { token: admin })).body).toEqual({ hasPaymentMethod: false, paymentMethod: null });
    const saved = await h.call('POST', path(), { token: admin, body: CRYPTO });
    expect(saved).toMatchObject({ status: 200, body: { message: 'Moyen de paiement enregistré avec succès' } });
    const { body } = await h.call<PaymentMethodAnswer>('GET', path(), { token: admin });
    expect(body).toEqual({
      hasPaymentMethod: true,
      paymentMethod: {
        type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: CRYPTO.crypto_address, company_name: null, siret: null, iban: null, address: null, country: null,
        updated_at: expect.any(String),
      },
    });
    const events = await streamEvents(affiliate.id);
    const changed = events.filter((e) => e.type === 'PaymentMethodChanged');
    expect(changed.map((e) => e.data)).toEqual([{ type: 'crypto' }]);
    const { rows } = await h.db.pool.query('SELECT recorded_event_id FROM payment_methods WHERE user_id = $1', [affiliate.id]);
    expect(rows[0].recorded_event_id).toBe(changed[0]!.id);
  });

  it('switches to a bank transfer, IBAN and SIRET normalised, no personal detail in the log', async () => {
    expect((await h.call('POST', path(), { token: admin, body: BANK })).status).toBe(200);
    const { body } = await h.call<PaymentMethodAnswer>('GET', path(), { token: admin });
    expect(body.paymentMethod).toMatchObject({
      type: 'bank', company_name: 'Martin Media SAS', siret: '73282932000074', iban: 'FR7630006000011234567890189', address: '12 rue de la Paix, 75002 Paris', country: 'France',
      crypto_name: null, crypto_address: null,
    });
    const { rows } = await h.db.pool.query<{ data: unknown }>('SELECT data FROM events');
    const log = JSON.stringify(rows);
    for (const secret of ['7630006', '73282932000074', 'Martin Media', 'rue de la Paix', CRYPTO.crypto_address]) expect(log).not.toContain(secret);
    expect((await streamEvents(affiliate.id)).filter((e) => e.type === 'PaymentMethodChanged').map((e) => e.data)).toEqual([{ type: 'crypto' }, { type: 'bank' }]);
  });

  it('records nothing when the same details are saved again', async () => {
    const head = await h.eventHead();
    expect((await h.call('POST', path(), { token: admin, body: { ...BANK, iban: 'FR7630006000011234567890189' } })).status).toBe(200);
    expect(await h.eventHead()).toBe(head);
  });

  it('answers 30 saves sent at once, for it and for others, and keeps the details of the last change recorded', async () => {
    const others = await Promise.all([1, 2, 3].map((n) => h.createAffiliate({ firstName: 'Autre', lastName: `Affilié ${n}` })));
    const saves = Array.from({ length: 30 }, (_, i) => {
      const who = i % 2 === 0 ? affiliate : others[i % 3]!;
      return h.call('POST', `/admin/users/${who.id}/payment-method`, { token: admin, body: { ...CRYPTO, crypto_address: `${CRYPTO.crypto_address}${i}` } });
    });
    const answers = await Promise.all(saves);
    expect(answers.map((a) => a.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect((await h.call('GET', '/health')).status).toBe(200);
    const changed = (await streamEvents(affiliate.id)).filter((e) => e.type === 'PaymentMethodChanged');
    const { rows } = await h.db.pool.query('SELECT recorded_event_id FROM payment_methods WHERE user_id = $1', [affiliate.id]);
    expect(rows[0].recorded_event_id).toBe(changed.at(-1)!.id);
    expect((await h.call('POST', path(), { token: admin, body: BANK })).status).toBe(200);
  }, 60_000);

  it("refuses missing fields with 'Veuillez remplir tous les champs', a bad IBAN or SIRET with their own message, changing nothing", async () => {
    const head = await h.eventHead();
    const before = (await h.call<PaymentMethodAnswer>('GET', path(), { token: admin })).body;
    const refusals: [unknown, string, string][] = [
      [{ type: 'crypto', crypto_name: 'BTC' }, 'crypto_address', 'Veuillez remplir tous les champs'],
      [{ ...BANK, company_name: '  ' }, 'company_name', 'Veuillez remplir tous les champs'],
      [{ ...BANK, country: undefined }, 'country', 'Veuillez remplir tous les champs'],
      [{ ...BANK, iban: 'FR76 3000 6000 0112 3456 7890 188' }, 'iban', "L'IBAN est invalide : sa clé de contrôle ne correspond pas (vérifiez chaque caractère)"],
      [{ ...BANK, iban: 'FR76 3000 6000 0112 3456 7890 18' }, 'iban', "L'IBAN n'a pas le nombre de caractères prévu pour son pays"],
      [{ ...BANK, siret: '7328293200007' }, 'siret', 'Le SIRET doit contenir exactement 14 chiffres'],
      [{ ...BANK, siret: '73282932000075' }, 'siret', 'Le SIRET est invalide : sa clé de contrôle ne correspond pas (vérifiez chaque chiffre)'],
      [{ ...CRYPTO, type: 'paypal' }, 'type', 'Le type de moyen de paiement doit être crypto ou bank'],
      [{ ...CRYPTO, crypto_name: 42 }, 'crypto_name', 'Ce champ doit être un texte'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await h.call('POST', path(), { token: admin, body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { message, errors: expect.arrayContaining([{ field, msg: message }]) } });
    }
    expect(await h.eventHead()).toBe(head);
    expect((await h.call<PaymentMethodAnswer>('GET', path(), { token: admin })).body).toEqual(before);
  });

  it("is shown to its affiliate, read only, and to no other affiliate", async () => {
    const mine = await h.call<PaymentMethodAnswer>('GET', '/affiliate/account/payment-method', { token: affiliate.token });
    expect(mine.body).toMatchObject({ hasPaymentMethod: true, paymentMethod: { type: 'bank', iban: 'FR7630006000011234567890189' } });
    const other = await h.createAffiliate();
    expect((await h.call('GET', '/affiliate/account/payment-method', { token: other.token })).body).toEqual({ hasPaymentMethod: false, paymentMethod: null });
    expect((await h.call('POST', '/affiliate/account/payment-method', { token: affiliate.token, body: CRYPTO })).status).toBe(404);
    expect((await h.call('POST', path(), { token: affiliate.token, body: CRYPTO })).status).toBe(403);
  });

  it('is deleted (details erased, PaymentMethodRemoved recorded); deleting again is a 404', async () => {
    expect(await h.call('DELETE', path(), { token: admin })).toMatchObject({ status: 200, body: { message: 'Moyen de paiement supprimé avec succès' } });
    expect((await h.call<PaymentMethodAnswer>('GET', path(), { token: admin })).body).toEqual({ hasPaymentMethod: false, paymentMethod: null });
    expect((await h.db.pool.query('SELECT 1 FROM payment_methods WHERE user_id = $1', [affiliate.id])).rowCount).toBe(0);
    expect((await streamEvents(affiliate.id)).at(-1)).toMatchObject({ type: 'PaymentMethodRemoved', data: {} });
    const head = await h.eventHead();
    expect(await h.call('DELETE', path(), { token: admin })).toMatchObject({ status: 404, body: { message: 'Aucun moyen de paiement enregistré' } });
    expect(await h.eventHead()).toBe(head);
  });

  it("refuses a payment method for a user that is not an affiliate with 'User not found', storing nothing", async () => {
    const { body: me } = await h.call<{ user: ApiUser }>('GET', '/auth/me', { token: admin });
    expect((await h.call('POST', `/admin/users/${me.user.id}/payment-method`, { token: admin, body: CRYPTO })).status).toBe(404);
    expect((await h.db.pool.query('SELECT 1 FROM payment_methods WHERE user_id = $1', [me.user.id])).rowCount).toBe(0);
  });
});

describe('payment settings and the variation history', () => {
  let affiliate: TestAffiliate;
  let goldId: string;
  let pptVariantId: string;
  beforeAll(async () => {
    affiliate = await h.createAffiliate({ firstName: 'Léa', lastName: 'Fontaine' });
    goldId = await recordVariant(h, GOLD);
    pptVariantId = await recordVariant(h, { payment_type: 'ppt', name: 'Essai+', base_amount_cents: 2200, is_evolutionary: false, tiers: [] });
  });
  const history = async (token = admin, path = `/admin/users/${affiliate.id}/variation-history`) => (await h.call<VariationHistoryEntry[]>('GET', path, { token })).body;

  it('sets SALE with a variant: the history ends the standard PPT period and starts one on the variant as it is', async () => {
    const answer = await h.call('PUT', `/admin/users/${affiliate.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: goldId } });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Paramètres de paiement mis à jour avec succès' } });
    const user = (await h.call<AdminUserDetail>('GET', `/admin/users/${affiliate.id}`, { token: admin })).body;
    expect(user).toMatchObject({ payment_type: 'sale', variant_id: goldId, current_rate: { variant_name: 'Gold', base_amount: '25.00', is_evolutionary: true } });
    const [current, first] = await history();
    expect(current).toEqual({
      id: expect.any(String), payment_type: 'sale', standard: false, variant_id: goldId, variant_version: 1, variant_name: 'Gold', base_amount: '25.00', is_evolutionary: true,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 199, amount: '25.00' },
        { tier_level: 2, min_sales: 200, max_sales: null, amount: '30.00' },
      ],
      start_date: expect.any(String), end_date: null,
    });
    expect(first).toMatchObject({ payment_type: 'ppt', standard: true, variant_name: null, base_amount: '20.00', is_evolutionary: false, tiers: [], end_date: current!.start_date });
  });

  it('never lets a variant be deleted while it is being given: one of the two is refused, and no affiliate keeps a deleted variant', async () => {
    const other = await h.createAffiliate({ firstName: 'Noé', lastName: 'Course' });
    for (let round = 0; round < 4; round++) {
      const doomed = await recordVariant(h, { payment_type: 'ppt', name: `Éphémère ${round}`, base_amount_cents: 900, is_evolutionary: false, tiers: [] });
      const [given, deleted] = await Promise.all([
        h.call('PUT', `/admin/users/${other.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: doomed } }),
        h.call('DELETE', `/ppt-variants/${doomed}`, { token: admin }),
      ]);
      // Given first: the deletion finds it in use (409). Deleted first: it is no longer there to give (400).
      expect([[200, 409], [400, 200]]).toContainEqual([given.status, deleted.status]);
      const { rows } = await h.db.pool.query('SELECT v.deleted FROM rm_users u JOIN rm_payment_variants v ON v.id = u.variant_id WHERE u.id = $1', [other.id]);
      expect(rows.every((r) => r.deleted === false)).toBe(true);
    }
  });

  it("keeps the variant's earlier name and amounts in the history when it gets a new version", async () => {
    await recordVariantUpdate(h, { ...GOLD, variant_id: goldId, name: 'Gold 2027', base_amount_cents: 2750 });
    const entries = await history();
    expect(entries.map((e) => [e.variant_name, e.variant_version, e.base_amount, e.end_date === null])).toEqual([
      ['Gold 2027', 2, '27.50', true],
      ['Gold', 1, '25.00', false],
      [null, null, '20.00', false],
    ]);
  });

  it('shows the affiliate its own history, the same as the admin sees, and another affiliate only its own', async () => {
    expect(await history(affiliate.token, '/affiliate/account/variation-history')).toEqual(await history());
    const other = await h.createAffiliate();
    const theirs = await history(other.token, '/affiliate/account/variation-history');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ payment_type: 'ppt', standard: true, end_date: null });
  });

  it('goes back to no variant, and refuses a variant of the other type, an unknown one or a bad payment type, recording nothing', async () => {
    const head = await h.eventHead();
    const refusals: [unknown, string][] = [
      [{ payment_type: 'sale', variant_id: pptVariantId }, 'Variante introuvable pour ce type de paiement'],
      [{ payment_type: 'sale', variant_id: '3f1b2c4d-0000-4000-8000-000000000000' }, 'Variante introuvable pour ce type de paiement'],
      [{ payment_type: 'sale', variant_id: 'gold' }, 'Variante introuvable pour ce type de paiement'],
      [{ payment_type: 'cpa', variant_id: null }, 'Le type de paiement doit être ppt ou sale'],
      [{}, 'Le type de paiement doit être ppt ou sale'],
    ];
    for (const [body, message] of refusals) {
      expect(await h.call('PUT', `/admin/users/${affiliate.id}/payment-settings`, { token: admin, body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await h.eventHead()).toBe(head);
    expect((await h.call('PUT', `/admin/users/${affiliate.id}/payment-settings`, { token: admin, body: { payment_type: 'ppt', variant_id: null } })).status).toBe(200);
    expect((await history())[0]).toMatchObject({ payment_type: 'ppt', standard: true, base_amount: '20.00', end_date: null });
  });

  it('follows a change of the standard rate for an affiliate without a variant', async () => {
    expect((await h.call('PUT', '/standard-rates/ppt', { token: admin, body: { amount: '21.50' } })).status).toBe(200);
    const [current, previous] = await history();
    expect(current).toMatchObject({ standard: true, base_amount: '21.50', end_date: null });
    expect(previous).toMatchObject({ standard: true, base_amount: '20.00', end_date: current!.start_date });
  });
});

describe('manager, commission, referral and freezing', () => {
  let affiliate: TestAffiliate;
  let sponsor: TestAffiliate;
  beforeAll(async () => {
    [affiliate, sponsor] = [await h.createAffiliate({ firstName: 'Paul', lastName: 'Roux' }), await h.createAffiliate({ firstName: 'Sarah', lastName: 'Blanc' })];
  });
  const put = (action: string, body: unknown, token = admin) => h.call('PUT', `/admin/users/${affiliate.id}/${action}`, { token, body });
  const detail = async () => (await h.call<AdminUserDetail>('GET', `/admin/users/${affiliate.id}`, { token: admin })).body;

  it("assigns a manager, shown with its contact, and removes it; refuses an unknown one with 'Manager introuvable'", async () => {
    const managerId = await recordManager(h, { nom: 'Julie Roy', telegram: '@julie', mail: 'julie@affilux.test' });
    expect(await put('manager', { manager_id: managerId })).toMatchObject({ status: 200, body: { message: 'Manager assigné avec succès' } });
    expect(await detail()).toMatchObject({ manager_id: managerId, manager: { nom: 'Julie Roy', telegram: '@julie', mail: 'julie@affilux.test' } });
    const head = await h.eventHead();
    for (const body of [{ manager_id: '3f1b2c4d-0000-4000-8000-000000000000' }, { manager_id: 'julie' }, {}]) {
      expect(await put('manager', body)).toMatchObject({ status: 400, body: { message: 'Manager introuvable' } });
    }
    expect(await h.eventHead()).toBe(head);
    expect((await put('manager', { manager_id: null })).status).toBe(200);
    expect(await detail()).toMatchObject({ manager_id: null, manager: null });
  });

  it('sets the referral commission in steps of 0.1, refusing what is out of 0-100 or finer', async () => {
    expect(await put('referral-commission', { referral_commission_rate: 12.5 })).toMatchObject({ status: 200, body: { message: 'Taux de commission mis à jour avec succès' } });
    expect((await detail()).referral_commission_rate).toBe(12.5);
    const head = await h.eventHead();
    for (const [rate, message] of [
      [100.1, 'Le taux de commission doit être entre 0 et 100%'],
      [-1, 'Le taux de commission doit être entre 0 et 100%'],
      ['12', 'Le taux de commission doit être entre 0 et 100%'],
      [12.55, 'Le taux de commission doit avoir au plus une décimale (pas de 0,1)'],
    ] as const) {
      expect(await put('referral-commission', { referral_commission_rate: rate })).toMatchObject({ status: 400, body: { message } });
    }
    expect(await h.eventHead()).toBe(head);
    expect((await put('referral-commission', { referral_commission_rate: 100 })).status).toBe(200);
  });

  it('assigns a sponsor by its 5-digit code, shown on both sides of the referral info, then removes it', async () => {
    const code = String(sponsor.uniqueId).padStart(5, '0');
    expect(await put('referral', { referred_by: code })).toMatchObject({ status: 200, body: { message: 'Parrainage assigné avec succès' } });
    expect((await h.call<ReferralInfo>('GET', `/admin/users/${affiliate.id}/referral-info`, { token: admin })).body).toEqual({
      referrer: { name: 'Sarah Blanc', unique_id: sponsor.uniqueId },
      referredUsers: [],
    });
    expect((await h.call<ReferralInfo>('GET', `/admin/users/${sponsor.id}/referral-info`, { token: admin })).body).toEqual({
      referrer: null,
      referredUsers: [{ id: affiliate.id, name: 'Paul Roux', unique_id: affiliate.uniqueId, created_at: expect.any(String) }],
    });
    expect(await put('referral', { referred_by: null })).toMatchObject({ status: 200, body: { message: 'Parrainage supprimé avec succès' } });
    expect((await detail()).referred_by).toBeNull();
  });

  it("refuses a sponsor that is the affiliate's own referral, directly or down a chain, recording nothing", async () => {
    const third = await h.createAffiliate({ firstName: 'Hugo', lastName: 'Chaîne' });
    const refer = (who: TestAffiliate, by: TestAffiliate) => h.call('PUT', `/admin/users/${who.id}/referral`, { token: admin, body: { referred_by: by.uniqueId } });
    expect((await refer(affiliate, sponsor)).status).toBe(200);
    expect((await refer(third, affiliate)).status).toBe(200);
    const head = await h.eventHead();
    const loop = { status: 400, body: { message: "Un utilisateur ne peut pas être parrainé par l'un de ses filleuls", errors: [{ field: 'referred_by', msg: "Un utilisateur ne peut pas être parrainé par l'un de ses filleuls" }] } };
    expect(await refer(sponsor, affiliate)).toMatchObject(loop);
    expect(await refer(sponsor, third)).toMatchObject(loop);
    expect(await refer(affiliate, third)).toMatchObject(loop);
    expect(await h.eventHead()).toBe(head);
    // Two affiliates naming each other at the same moment: one is refused, so no loop ever forms.
    for (const who of [third]) expect((await h.call('PUT', `/admin/users/${who.id}/referral`, { token: admin, body: { referred_by: null } })).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const [one, other] = await Promise.all([refer(sponsor, third), refer(third, sponsor)]);
      expect([one.status, other.status].sort()).toEqual([200, 400]);
      for (const who of [sponsor, third]) expect((await h.call('PUT', `/admin/users/${who.id}/referral`, { token: admin, body: { referred_by: null } })).status).toBe(200);
    }
    expect((await refer(third, affiliate)).status).toBe(200);
    // Once the chain is cut, the same sponsor may be named.
    expect((await h.call('PUT', `/admin/users/${third.id}/referral`, { token: admin, body: { referred_by: null } })).status).toBe(200);
    expect((await refer(sponsor, third)).status).toBe(200);
    for (const who of [affiliate, sponsor]) expect((await h.call('PUT', `/admin/users/${who.id}/referral`, { token: admin, body: { referred_by: null } })).status).toBe(200);
  });

  it("refuses a code that breaks the contract rule, the affiliate's own, or one nobody has, recording nothing", async () => {
    const head = await h.eventHead();
    const refusals: [unknown, string][] = [
      ['1234', 'Le code de parrainage doit contenir exactement 5 chiffres'],
      ['12a45', 'Le code de parrainage doit contenir exactement 5 chiffres'],
      [12.5, 'Le code de parrainage doit contenir exactement 5 chiffres'],
      ['00009', 'Le code de parrainage doit être un nombre valide (minimum 10)'],
      [String(affiliate.uniqueId).padStart(5, '0'), 'Un utilisateur ne peut pas se parrainer lui-même'],
      [affiliate.uniqueId, 'Un utilisateur ne peut pas se parrainer lui-même'],
      ['99999', 'Aucun affilié ne porte ce code de parrainage'],
    ];
    for (const [referred_by, message] of refusals) {
      expect(await put('referral', { referred_by }), String(referred_by)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('freezes the account: the same session gets 403 on the affiliate area at once, /auth/me says frozen; unfreezing gives access back', async () => {
    expect((await h.call('GET', '/affiliate/account/manager', { token: affiliate.token })).status).toBe(200);
    expect(await put('frozen-status', { is_frozen: true })).toMatchObject({ status: 200, body: { message: 'Compte gelé avec succès' } });
    for (const path of ['/affiliate/account/manager', '/affiliate/account/payment-method', '/affiliate/account/variation-history']) {
      expect(await h.call('GET', path, { token: affiliate.token })).toMatchObject({ status: 403, body: { code: 'account_frozen' } });
    }
    expect((await h.call<{ user: ApiUser }>('GET', '/auth/me', { token: affiliate.token })).body.user).toMatchObject({ id: affiliate.id, is_frozen: true });
    expect((await detail()).is_frozen).toBe(true);
    expect(await put('frozen-status', { is_frozen: false })).toMatchObject({ status: 200, body: { message: 'Compte dégelé avec succès' } });
    expect((await h.call('GET', '/affiliate/account/manager', { token: affiliate.token })).status).toBe(200);
    const head = await h.eventHead();
    for (const body of [{ is_frozen: 'yes' }, {}, { is_frozen: 1 }]) expect((await put('frozen-status', body)).status).toBe(400);
    expect(await h.eventHead()).toBe(head);
  });
});

describe('who may call what', () => {
  let target: TestAffiliate;
  let other: TestAffiliate;
  let unverified: TestAffiliate;
  let frozen: TestAffiliate;
  beforeAll(async () => {
    target = await h.createAffiliate();
    other = await h.createAffiliate();
    unverified = await h.createAffiliate({ verified: false });
    frozen = await h.createAffiliate();
    expect((await h.call('PUT', `/admin/users/${frozen.id}/frozen-status`, { token: admin, body: { is_frozen: true } })).status).toBe(200);
  });

  const adminCalls = (): [string, string, unknown?][] => [
    ['GET', '/admin/users/search?q=a'],
    ['GET', `/admin/users/${target.id}`],
    ['GET', `/admin/users/${target.id}/payment-method`],
    ['POST', `/admin/users/${target.id}/payment-method`, CRYPTO],
    ['DELETE', `/admin/users/${target.id}/payment-method`],
    ['PUT', `/admin/users/${target.id}/payment-settings`, { payment_type: 'sale', variant_id: null }],
    ['GET', `/admin/users/${target.id}/variation-history`],
    ['PUT', `/admin/users/${target.id}/manager`, { manager_id: null }],
    ['PUT', `/admin/users/${target.id}/referral-commission`, { referral_commission_rate: 5 }],
    ['PUT', `/admin/users/${target.id}/frozen-status`, { is_frozen: false }],
    ['PUT', `/admin/users/${target.id}/referral`, { referred_by: null }],
    ['GET', `/admin/users/${target.id}/referral-info`],
  ];
  const affiliateCalls = ['/affiliate/account/payment-method', '/affiliate/account/variation-history'];

  it('refuses every back-office call to a visitor (401) and to any affiliate, even the one concerned, unverified or frozen (403), recording nothing', async () => {
    const head = await h.eventHead();
    for (const [method, path, body] of adminCalls()) {
      expect((await h.call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await h.call(method, path, { body, token: 'not-a-token' })).status, `${method} ${path} bad token`).toBe(401);
      for (const caller of [target, other, unverified, frozen]) {
        expect((await h.call(method, path, { body, token: caller.token })).status, `${method} ${path} affiliate ${caller.email}`).toBe(403);
      }
      expect(await h.call(method, path, { body, token: target.token }), `${method} ${path} affiliate`).toMatchObject({ status: 403, body: { code: 'insufficient_permissions' } });
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('answers every back-office call to an admin', async () => {
    for (const [method, path, body] of adminCalls()) {
      const { status } = await h.call(method, path, { body, token: admin });
      // Deleting a payment method the affiliate does not have is the one 404; the POST above records one first.
      expect(status, `${method} ${path}`).toBe(200);
    }
  });

  it("refuses the affiliate's own calls to a visitor, an unverified or frozen affiliate and an admin", async () => {
    for (const path of affiliateCalls) {
      expect((await h.call('GET', path)).status, path).toBe(401);
      expect(await h.call('GET', path, { token: unverified.token }), path).toMatchObject({ status: 403, body: { code: 'email_verification_required' } });
      expect(await h.call('GET', path, { token: frozen.token }), path).toMatchObject({ status: 403, body: { code: 'account_frozen' } });
      expect((await h.call('GET', path, { token: admin })).status, path).toBe(403);
      expect((await h.call('GET', path, { token: other.token })).status, path).toBe(200);
    }
  });
});
