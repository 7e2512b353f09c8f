import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { systemContext, toNewEvents } from '../eventstore/commands';
import { paymentVariantStream } from './events';
import { variantVersionAt, variantVersions } from './variantVersions/queries';

let h: ApiHarness;
let admin: string;
beforeAll(async () => {
  h = await startApiHarness();
  admin = await h.login(h.admin.email, h.admin.password);
});
afterAll(() => h?.stop());

describe('the standard rates', () => {
  it('start at 20.00 for both payment types, and keep every change with its time', async () => {
    expect((await h.call('GET', '/standard-rates', { token: admin })).body).toEqual({ ppt: { amount: '20.00', history: [] }, sale: { amount: '20.00', history: [] } });
    const changed = await h.call('PUT', '/standard-rates/sale', { token: admin, body: { amount: '32.50' } });
    expect(changed).toEqual({ status: 200, body: { message: 'Tarif standard mis à jour avec succès', amount: '32.50' } });
    const { body } = await h.call<Record<string, { amount: string; history: { amount: string; effective_at: string }[] }>>('GET', '/standard-rates', { token: admin });
    expect(body.sale!.amount).toBe('32.50');
    expect(body.sale!.history).toEqual([{ amount: '32.50', effective_at: expect.any(String) }]);
    expect(body.ppt!.amount).toBe('20.00');
  });

  it('refuses a rate that is not a positive amount, an unknown payment type, and anyone but an admin', async () => {
    const head = await h.eventHead();
    for (const amount of ['0', '-5', 'abc', '12.345', '']) {
      expect(await h.call('PUT', '/standard-rates/ppt', { token: admin, body: { amount } })).toMatchObject({ status: 400, body: { message: 'Le montant doit être un nombre positif' } });
    }
    expect((await h.call('PUT', '/standard-rates/cpa', { token: admin, body: { amount: '10' } })).status).toBe(404);
    expect(await h.eventHead()).toBe(head);
    const affiliate = await h.createAffiliate();
    expect((await h.call('PUT', '/standard-rates/ppt', { token: affiliate.token, body: { amount: '10' } })).status).toBe(403);
    expect((await h.call('GET', '/standard-rates', { token: affiliate.token })).status).toBe(403);
    expect((await h.call('GET', '/standard-rates')).status).toBe(401);
  });
});

describe('standard rate changes sent at once', () => {
  it('leave the rate shown and the rate the pricing reads the same: the last recorded, in force from its time', async () => {
    const affiliate = await h.createAffiliate();
    expect((await h.call('PUT', `/admin/users/${affiliate.id}/payment-settings`, { token: admin, body: { payment_type: 'sale', variant_id: null } })).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const amounts = Array.from({ length: 20 }, (_, i) => `${100 + round * 20 + i}.00`);
      const answers = await Promise.all(amounts.map((amount) => h.call('PUT', '/standard-rates/sale', { token: admin, body: { amount } })));
      expect(answers.map((a) => a.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
      const shown = (await h.call<Record<string, { amount: string }>>('GET', '/standard-rates', { token: admin })).body.sale!.amount;
      const { rows } = await h.db.pool.query<{ base_amount_cents: number }>('SELECT base_amount_cents FROM rm_rate_periods WHERE user_id = $1 AND ended_at IS NULL', [affiliate.id]);
      expect(rows.map((r) => (r.base_amount_cents / 100).toFixed(2)), `round ${round}`).toEqual([shown]);
      const { rows: times } = await h.db.pool.query<{ at: string }>(
        "SELECT metadata->>'occurredAt' AS at FROM events WHERE type = 'StandardRateChanged' ORDER BY transaction_id, global_position",
      );
      expect(times.map((t) => t.at), 'recorded in time order').toEqual(times.map((t) => t.at).sort());
    }
  }, 60_000);
});

describe('variant versions', () => {
  it('number every definition of a variant, each in force from when it was recorded', async () => {
    const id = '7d4f0f3e-1111-4a4a-9b9b-000000000001';
    const definition = { variant_id: id, payment_type: 'sale' as const, name: 'Gold', base_amount_cents: 2000, is_evolutionary: false, tiers: [] };
    const append = async (type: 'PaymentVariantCreated' | 'PaymentVariantUpdated', data: typeof definition, at: string, expectedRevision: 'no_stream' | number) => {
      const { position } = await h.server.deps.eventStore.append(paymentVariantStream(id), toNewEvents([{ type, data }], systemContext(new Date(at))), { expectedRevision });
      await h.server.deps.readModels.waitFor(position);
    };
    await append('PaymentVariantCreated', definition, '2026-11-02T10:00:00Z', 'no_stream');
    await append('PaymentVariantUpdated', { ...definition, name: 'Gold+', base_amount_cents: 2500 }, '2026-11-10T10:00:00Z', 0);

    expect((await variantVersions(h.db.pool, id)).map((v) => [v.version, v.name, v.base_amount_cents])).toEqual([[1, 'Gold', 2000], [2, 'Gold+', 2500]]);
    expect((await variantVersionAt(h.db.pool, id, new Date('2026-11-05T00:00:00Z')))?.version).toBe(1);
    expect((await variantVersionAt(h.db.pool, id, new Date('2026-11-10T10:00:00Z')))?.version).toBe(2);
    expect(await variantVersionAt(h.db.pool, id, new Date('2026-11-01T00:00:00Z'))).toBeNull();
  });
});
