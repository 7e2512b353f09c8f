import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../../../test/apiHarness';
import { features } from '../features';
import { projectionsOf } from './index';
import { rebuildReadModels } from './rebuild';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApiHarness();
});
afterAll(() => h?.stop());

const TABLES = {
  rm_managers: 'id',
  rm_payment_variants: 'id',
  rm_payment_variant_versions: 'variant_id, version',
  rm_standard_rates: 'id',
  rm_contact_messages: 'id',
  rm_users: 'id',
} as const;

async function dump(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(TABLES)) tables[table] = (await h.db.pool.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  return tables;
}

describe('replaying the catalogue', () => {
  it('rebuilds managers, variants with their versions, standard rates and contact messages identically from the events', async () => {
    const admin = await h.login(h.admin.email, h.admin.password);
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await h.call<{ id: string }>(method, path, { token: admin, body });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return answer.body;
    };

    const kept = await call('POST', '/managers', { nom: 'Sarah Lemoine', telegram: '@sarah', mail: 'sarah@affilux.com' });
    await call('PUT', `/managers/${kept.id}`, { nom: 'Sarah Roy', telegram: '', mail: 'sarah@affilux.com' });
    const leaving = await call('POST', '/managers', { nom: 'Paul Martin', telegram: '@paul' });
    const affiliate = await h.createAffiliate();
    await h.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: leaving.id } });
    await call('DELETE', `/managers/${leaving.id}`);

    const tiers = [
      { tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' },
      { tier_level: 2, min_sales: 200, max_sales: null, amount: '25.00' },
    ];
    const ppt = await call('POST', '/ppt-variants', { name: 'Or', base_amount: '20', is_evolutionary: true, tiers });
    await call('PUT', `/ppt-variants/${ppt.id}`, { name: 'Or+', base_amount: '21', is_evolutionary: true, tiers });
    await call('PUT', `/ppt-variants/${ppt.id}`, { name: 'Or+', base_amount: '21', is_evolutionary: false, tiers: [] });
    const sale = await call('POST', '/sales-variants', { name: 'Vente', base_amount: '30', is_evolutionary: false, tiers: [] });
    await call('DELETE', `/sales-variants/${sale.id}`);
    await call('PUT', '/standard-rates/sale', { amount: '27.50' });

    const message = async () => (await h.call<{ id: string }>('POST', '/contact/submit', { body: { name: 'Léa', email: 'lea@example.test', subject: 'Une question', message: 'Bonjour, une question sur les offres.' } })).body.id;
    const [replied, removed] = [await message(), await message(), await message()];
    await call('PUT', `/admin/messages/${replied}/status`, { status: 'replied' });
    await call('DELETE', `/admin/messages/${removed}`);

    const live = await dump();
    expect(live.rm_payment_variant_versions).toHaveLength(4);
    expect(live.rm_contact_messages).toHaveLength(2);
    expect(live.rm_managers).toHaveLength(2);

    const { events } = await rebuildReadModels({ eventStore: h.server.deps.eventStore, pool: h.db.pool, processors: projectionsOf(features) });
    expect(events).toBeGreaterThan(0);
    expect(await dump()).toEqual(live);
  });
});
