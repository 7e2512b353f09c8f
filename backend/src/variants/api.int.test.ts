import { randomUUID } from 'node:crypto';
import type { VariantListItem } from '@affilux/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { expectBackOfficeOnly, outsiders, type Outsiders } from '../../../test/authorizationMatrix';
import { paymentVariantStream } from './events';
import { variantVersions } from './variantVersions/queries';

let h: ApiHarness;
let admin: string;
beforeAll(async () => {
  h = await startApiHarness();
  admin = await h.login(h.admin.email, h.admin.password);
});
afterAll(() => h?.stop());

type Saved = VariantListItem & { message: string };
const tier = (tier_level: number, min_sales: number, max_sales: number | null, amount: string) => ({ tier_level, min_sales, max_sales, amount });
const gold = { name: 'Gold', base_amount: '20.00', is_evolutionary: true, tiers: [tier(1, 0, 199, '20.00'), tier(2, 200, 399, '25.00'), tier(3, 400, null, '30.00')] };
const fixed = (name = `Fixe ${randomUUID().slice(0, 6)}`) => ({ name, base_amount: '18.5', is_evolutionary: false, tiers: [] });

async function create(path: '/ppt-variants' | '/sales-variants', body: unknown): Promise<Saved> {
  const answer = await h.call<Saved>('POST', path, { token: admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}
const list = async (path: string, query = '') => (await h.call<VariantListItem[]>('GET', `${path}${query}`, { token: admin })).body;
const search = (q: string) => `?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

describe('PPT and SALE variants', () => {
  it("are created with their amounts as decimal strings ('Variante PPT/SALE créée avec succès'), each type in its own list", async () => {
    const ppt = await h.call<Saved>('POST', '/ppt-variants', { token: admin, body: { ...gold, name: '  Or PPT ' } });
    expect(ppt).toEqual({
      status: 201,
      body: {
        message: 'Variante PPT créée avec succès', id: expect.any(String), name: 'Or PPT', base_amount: '20.00', is_evolutionary: true,
        tiers: gold.tiers, created_at: expect.any(String), version: 1, revision: 0, affiliate_count: 0,
      },
    });
    const sale = await h.call<Saved>('POST', '/sales-variants', { token: admin, body: { name: 'Vente fixe', base_amount: '32,5', is_evolutionary: false, tiers: gold.tiers } });
    expect(sale.body).toMatchObject({ message: 'Variante SALE créée avec succès', base_amount: '32.50', is_evolutionary: false, tiers: [] });

    const [event] = await h.server.deps.eventStore.readStream(paymentVariantStream(ppt.body.id));
    expect(event).toMatchObject({ type: 'PaymentVariantCreated', data: { payment_type: 'ppt', base_amount_cents: 2000, tiers: [{ amount_cents: 2000 }, { amount_cents: 2500 }, { amount_cents: 3000, max_sales: null }] } });

    expect((await list('/ppt-variants')).map((v) => v.id)).toContain(ppt.body.id);
    expect((await list('/ppt-variants')).map((v) => v.id)).not.toContain(sale.body.id);
    expect((await list('/sales-variants')).map((v) => v.id)).toContain(sale.body.id);
    const forApproval = (await h.call<{ ppt: { id: string }[]; sale: { id: string }[] }>('GET', '/applications/payment-variants', { token: admin })).body;
    expect(forApproval.ppt.map((v) => v.id)).toContain(ppt.body.id);
    expect(forApproval.sale.map((v) => v.id)).toContain(sale.body.id);
    expect((await h.call('GET', `/ppt-variants/${ppt.body.id}`, { token: admin })).body).toMatchObject({ id: ppt.body.id, name: 'Or PPT' });
    expect((await h.call('GET', `/sales-variants/${ppt.body.id}`, { token: admin })).status).toBe(404);
  });

  it('are searched by name, case-insensitively, with react-admin paging', async () => {
    const a = await create('/sales-variants', fixed('Platine Quebec'));
    const b = await create('/sales-variants', fixed('platine Romeo'));
    expect((await list('/sales-variants', search('PLATINE'))).map((v) => v.id)).toEqual([a.id, b.id]);
    const page = await fetch(`${h.url}/api/v1/sales-variants${search('platine')}&range=[1,1]&sort=${encodeURIComponent('["name","ASC"]')}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(page.headers.get('content-range')).toBe('sales-variants 1-1/2');
    expect(((await page.json()) as VariantListItem[]).map((v) => v.id)).toEqual([b.id]);
    // Accents aside, both ways, as a French admin types: "evol" finds Évolutive, "Élan" finds Elan.
    const accented = await create('/sales-variants', fixed('SALE Évolutive Xi'));
    const plain = await create('/sales-variants', fixed('Elan Xi'));
    expect((await list('/sales-variants', search('evolutive xi'))).map((v) => v.id)).toEqual([accented.id]);
    expect((await list('/sales-variants', search('élan'))).map((v) => v.id)).toEqual([plain.id]);
  });

  it("keep every edit as a new version ('Variante PPT mise à jour avec succès'); saving unchanged records nothing", async () => {
    const variant = await create('/ppt-variants', gold);
    const edited = await h.call<Saved>('PUT', `/ppt-variants/${variant.id}`, {
      token: admin,
      body: { ...gold, name: 'Gold+', tiers: [tier(1, 0, 99, '21'), tier(2, 100, null, '26')] },
    });
    expect(edited).toMatchObject({ status: 200, body: { message: 'Variante PPT mise à jour avec succès', name: 'Gold+', version: 2, tiers: [tier(1, 0, 99, '21.00'), tier(2, 100, null, '26.00')] } });
    const head = await h.eventHead();
    expect((await h.call('PUT', `/ppt-variants/${variant.id}`, { token: admin, body: { ...gold, name: 'Gold+', tiers: [tier(1, 0, 99, '21.00'), tier(2, 100, null, '26.00')] } })).status).toBe(200);
    expect(await h.eventHead()).toBe(head);
    const madeFixed = await h.call<Saved>('PUT', `/ppt-variants/${variant.id}`, { token: admin, body: { name: 'Gold+', base_amount: '22', is_evolutionary: false, tiers: gold.tiers } });
    expect(madeFixed.body).toMatchObject({ version: 3, is_evolutionary: false, tiers: [], base_amount: '22.00' });
    expect((await variantVersions(h.db.pool, variant.id)).map((v) => [v.version, v.name, v.base_amount_cents, v.tiers.length])).toEqual([
      [1, 'Gold', 2000, 3],
      [2, 'Gold+', 2000, 2],
      [3, 'Gold+', 2200, 0],
    ]);
    const sale = await h.call('PUT', `/sales-variants/${variant.id}`, { token: admin, body: gold });
    expect(sale).toMatchObject({ status: 404, body: { message: 'Variante introuvable' } });
  });

  it('refuse a save built on a variant someone changed since it was opened (two tabs): the rate set first is not undone', async () => {
    const variant = await create('/ppt-variants', fixed('Promo Été'));
    const tabA = await h.call<Saved>('PUT', `/ppt-variants/${variant.id}`, { token: admin, body: { ...fixed('Promo Été'), base_amount: '13', expected_revision: variant.revision } });
    expect(tabA.body).toMatchObject({ base_amount: '13.00', version: 2, revision: 1 });
    const head = await h.eventHead();
    const tabB = await h.call('PUT', `/ppt-variants/${variant.id}`, { token: admin, body: { ...fixed('Promo Hiver'), expected_revision: variant.revision } });
    expect(tabB).toMatchObject({ status: 409, body: { message: expect.stringContaining("modifié par quelqu'un d'autre depuis que vous l'avez ouvert") } });
    expect(await h.eventHead()).toBe(head);
    expect((await h.call<Saved>('GET', `/ppt-variants/${variant.id}`, { token: admin })).body).toMatchObject({ name: 'Promo Été', base_amount: '13.00', version: 2 });
  });

  it('answer the same edit sent ten times at once with the variant as now recorded, in one version', async () => {
    const variant = await create('/ppt-variants', fixed('Double clic'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call<Saved>('PUT', `/ppt-variants/${variant.id}`, { token: admin, body: { ...fixed('Double clic v2'), base_amount: '50' } })));
    for (const answer of answers.filter((a) => a.status === 200)) expect(answer.body).toMatchObject({ name: 'Double clic v2', base_amount: '50.00', version: 2 });
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect((await variantVersions(h.db.pool, variant.id)).map((v) => v.version)).toEqual([1, 2]);
  });

  it('refuse every broken rule with a 400 and its message, on creation and edit, recording nothing', async () => {
    const variant = await create('/sales-variants', gold);
    const cases: [unknown, string, string][] = [
      [{ ...gold, name: '  ' }, 'name', 'Le nom est requis'],
      [{ ...gold, name: 'x'.repeat(101) }, 'name', 'Le nom ne doit pas dépasser 100 caractères'],
      [{ ...gold, base_amount: '0' }, 'base_amount', 'Le montant de base doit être un nombre positif'],
      [{ ...gold, base_amount: '-3' }, 'base_amount', 'Le montant de base doit être un nombre positif'],
      [{ ...gold, base_amount: 'vingt' }, 'base_amount', 'Le montant de base doit être un nombre positif'],
      [{ ...gold, base_amount: '20.001' }, 'base_amount', 'Le montant de base doit être un nombre positif'],
      [{ ...gold, base_amount: '999999999' }, 'base_amount', 'Un montant ne doit pas dépasser 10 000,00 €'],
      [{ ...gold, is_evolutionary: 'oui' }, 'is_evolutionary', 'Le caractère évolutif doit être vrai ou faux'],
      [{ ...gold, tiers: [tier(1, 0, null, '20')] }, 'tiers', 'Au moins deux paliers sont requis pour une variante évolutive'],
      [{ ...gold, tiers: undefined }, 'tiers', 'Au moins deux paliers sont requis pour une variante évolutive'],
      [{ ...gold, tiers: Array.from({ length: 21 }, (_, i) => tier(i + 1, i * 10, i === 20 ? null : i * 10 + 9, '20')) }, 'tiers', 'Une variante compte au plus 20 paliers'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(3, 200, null, '25')] }, 'tiers.1.tier_level', 'Le niveau du palier 2 est incorrect'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(2, 100, null, '25')] }, 'tiers.1.min_sales', 'La plage de vente du palier 2 doit être supérieure à celle du palier précédent'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(2, 200, 299, '25'), tier(3, 250, null, '30')] }, 'tiers.2.min_sales', 'La plage de vente du palier 3 doit être supérieure à celle du palier précédent'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(2, 300, null, '25')] }, 'tiers.1.min_sales', 'Le palier 2 doit commencer à la vente qui suit la fin du palier précédent'],
      [{ ...gold, tiers: [tier(1, 1, 199, '20'), tier(2, 200, null, '25')] }, 'tiers.0.min_sales', 'Le premier palier commence à 0 vente'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(2, 200, 399, '25')] }, 'tiers.1.max_sales', 'Le dernier palier reste ouvert (sans maximum)'],
      [{ ...gold, tiers: [tier(1, 0, null, '20'), tier(2, 200, null, '25')] }, 'tiers.0.max_sales', 'Le maximum de ventes du palier 1 doit être un nombre entier supérieur ou égal à son minimum'],
      [{ ...gold, tiers: [tier(1, 0, 199, '20'), tier(2, 200, null, '0')] }, 'tiers.1.amount', 'Le tarif du palier 2 doit être positif'],
      [{ ...gold, tiers: [tier(1, 0, 199, '-1'), tier(2, 200, null, '25')] }, 'tiers.0.amount', 'Le tarif du palier 1 doit être positif'],
      [{ ...gold, name: 'G\u0000ld' }, 'name', 'Caractère non autorisé (caractère nul ou caractère Unicode invalide)'],
      [[], 'name', 'Le nom est requis'],
    ];
    const head = await h.eventHead();
    for (const [body, field, msg] of cases) {
      for (const [method, path] of [['POST', '/sales-variants'], ['PUT', `/sales-variants/${variant.id}`]] as const) {
        const answer = await h.call(method, path, { token: admin, body });
        expect(answer, `${method} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ status: 400, body: { message: msg } });
        expect(answer.body.errors).toContainEqual({ field, msg });
      }
    }
    const tooBig = await h.call('POST', '/sales-variants', { token: admin, body: { ...gold, name: 'x'.repeat(200_000) } });
    expect(tooBig.status).toBe(413);
    expect(await h.eventHead()).toBe(head);
  });

  it("answer every broken rule at once, each with its field", async () => {
    const { body } = await h.call('POST', '/ppt-variants', { token: admin, body: { name: '', base_amount: '0', is_evolutionary: true, tiers: [tier(1, 0, 199, '20'), tier(2, 150, null, '0')] } });
    expect(body.errors).toEqual([
      { field: 'name', msg: 'Le nom est requis' },
      { field: 'base_amount', msg: 'Le montant de base doit être un nombre positif' },
      { field: 'tiers.1.min_sales', msg: 'La plage de vente du palier 2 doit être supérieure à celle du palier précédent' },
      { field: 'tiers.1.amount', msg: 'Le tarif du palier 2 doit être positif' },
    ]);
  });
});

describe('deleting a variant', () => {
  it("works when no affiliate uses it ('Variante SALE supprimée avec succès'), and it leaves the lists", async () => {
    const variant = await create('/sales-variants', fixed());
    expect(await h.call('DELETE', `/sales-variants/${variant.id}`, { token: admin })).toEqual({ status: 200, body: { message: 'Variante SALE supprimée avec succès', id: variant.id } });
    expect((await list('/sales-variants')).map((v) => v.id)).not.toContain(variant.id);
    expect((await h.call<{ sale: { id: string }[] }>('GET', '/applications/payment-variants', { token: admin })).body.sale.map((v) => v.id)).not.toContain(variant.id);
    const head = await h.eventHead();
    for (const id of [variant.id, randomUUID(), 'nope']) {
      expect(await h.call('DELETE', `/sales-variants/${id}`, { token: admin })).toMatchObject({ status: 404, body: { message: 'Variante introuvable' } });
      expect((await h.call('PUT', `/sales-variants/${id}`, { token: admin, body: fixed() })).status).toBe(404);
    }
    expect(await h.eventHead()).toBe(head);
  });

  it('is refused (409) while affiliates have it, saying how many, and nothing is recorded; it works once they have another', async () => {
    const variant = await create('/ppt-variants', fixed());
    const [first, second] = [await h.createAffiliate(), await h.createAffiliate()];
    for (const affiliate of [first, second]) await h.recordAccountEvent(affiliate.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: variant.id } });
    expect((await list('/ppt-variants')).find((v) => v.id === variant.id)?.affiliate_count).toBe(2);

    const head = await h.eventHead();
    expect(await h.call('DELETE', `/ppt-variants/${variant.id}`, { token: admin })).toEqual({
      status: 409,
      body: { message: "Cette variante est utilisée par 2 affiliés : changez d'abord leur variante", affiliate_count: 2 },
    });
    expect(await h.eventHead()).toBe(head);
    await h.recordAccountEvent(first.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } });
    expect((await h.call('DELETE', `/ppt-variants/${variant.id}`, { token: admin })).body).toMatchObject({ message: "Cette variante est utilisée par 1 affilié : changez d'abord leur variante" });
    expect((await h.server.deps.eventStore.readStream(paymentVariantStream(variant.id))).map((e) => e.type)).toEqual(['PaymentVariantCreated']);

    await h.recordAccountEvent(second.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: null } });
    expect((await h.call('DELETE', `/ppt-variants/${variant.id}`, { token: admin })).status).toBe(200);
  });
});

describe('the standard rates', () => {
  it('refuse an amount above 10 000.00, recording nothing', async () => {
    const head = await h.eventHead();
    expect(await h.call('PUT', '/standard-rates/ppt', { token: admin, body: { amount: '10000.01' } })).toMatchObject({
      status: 400,
      body: { message: 'Un montant ne doit pas dépasser 10 000,00 €', errors: [{ field: 'amount', msg: 'Un montant ne doit pas dépasser 10 000,00 €' }] },
    });
    expect((await h.call('PUT', '/standard-rates/ppt', { token: admin })).status).toBe(400);
    expect(await h.eventHead()).toBe(head);
  });
});

describe('who may call the variants and standard rates API', () => {
  let who: Outsiders;
  beforeAll(async () => {
    who = await outsiders(h);
  });

  it('only the back office reads and only an admin writes: anonymous 401, affiliates (verified, unverified, frozen) 403', async () => {
    for (const path of ['/ppt-variants', '/sales-variants'] as const) {
      const variant = await create(path, fixed());
      await expectBackOfficeOnly(h, who, 'GET', path);
      await expectBackOfficeOnly(h, who, 'GET', `${path}/${variant.id}`);
      await expectBackOfficeOnly(h, who, 'POST', path, fixed());
      await expectBackOfficeOnly(h, who, 'PUT', `${path}/${variant.id}`, fixed('Renamed'));
      await expectBackOfficeOnly(h, who, 'DELETE', `${path}/${variant.id}`);

      expect((await h.call('GET', path, { token: admin })).status).toBe(200);
      expect((await h.call('GET', `${path}/${variant.id}`, { token: admin })).status).toBe(200);
      expect((await h.call('POST', path, { token: admin, body: fixed() })).status).toBe(201);
      expect((await h.call('PUT', `${path}/${variant.id}`, { token: admin, body: fixed('Renamed') })).status).toBe(200);
      expect((await h.call('DELETE', `${path}/${variant.id}`, { token: admin })).status).toBe(200);
    }
    await expectBackOfficeOnly(h, who, 'GET', '/standard-rates');
    await expectBackOfficeOnly(h, who, 'PUT', '/standard-rates/sale', { amount: '25' });
    expect((await h.call('GET', '/standard-rates', { token: admin })).status).toBe(200);
    expect((await h.call('PUT', '/standard-rates/sale', { token: admin, body: { amount: '25' } })).status).toBe(200);
  });
});
