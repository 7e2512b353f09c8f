import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../backend/src/config/config';
import { userStream, type AccountEvent } from '../../backend/src/accounts/events';
import { systemContext, toNewEvents } from '../../backend/src/eventstore/commands';
import { comparePositions } from '../../backend/src/eventstore/eventStore';
import { startServer, type RunningServer } from '../../backend/src/server';
import { paymentVariantStream, type VariantEvent } from '../../backend/src/variants/events';

export const ADMIN_EMAIL = 'admin@affilux.local';
export const ADMIN_PASSWORD = 'bench-admin-password';

/** The whole server on a fresh database (inline processors, jobs, mail catcher), without per-address rate limits: the load comes from one address. */
export async function startBenchServer(databaseUrl: string, dataDir: string, clock?: () => Date): Promise<RunningServer & { adminToken: string }> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', MAIL_CATCHER_SMTP_PORT: '0',
    ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', RATE_LIMITS: 'off',
  });
  const server = await startServer(config, { serveFrontends: false, clock });
  const login = await fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
  if (!login.ok) throw new Error(`Admin login answered ${login.status}: ${await login.text()}`);
  return Object.assign(server, { adminToken: ((await login.json()) as { token: string }).token });
}

/**
 * Affiliates whose accounts opened a year and a day before `now`, as their events say (appended
 * straight to the log: the benchmark measures figures, not onboarding): half PPT at the standard
 * rate, half SALE on an evolutionary variant.
 */
export async function openAffiliates(server: RunningServer, count: number, now: Date): Promise<{ uniqueIds: number[]; userIds: string[] }> {
  const { eventStore } = server.deps;
  const opened = new Date(now.getTime() - 366 * 24 * 3600 * 1000);
  const variantId = randomUUID();
  const variant: VariantEvent = {
    type: 'PaymentVariantCreated',
    data: {
      variant_id: variantId, payment_type: 'sale', name: 'Bench tiers', base_amount_cents: 2000, is_evolutionary: true,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 49, amount_cents: 2000 },
        { tier_level: 2, min_sales: 50, max_sales: 199, amount_cents: 2500 },
        { tier_level: 3, min_sales: 200, max_sales: null, amount_cents: 3000 },
      ],
    },
  };
  await eventStore.append(paymentVariantStream(variantId), toNewEvents([variant], systemContext(opened)), { expectedRevision: 'no_stream' });
  const uniqueIds: number[] = [];
  const userIds: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const appends = Array.from({ length: Math.min(500, count - start) }, (_, j) => {
      const i = start + j;
      const id = randomUUID();
      uniqueIds.push(20_001 + i);
      userIds.push(id);
      const events: AccountEvent[] = [
        { type: 'AffiliateAccountOpened', data: { user_id: id, application_id: id, unique_id: 20_001 + i, email: `bench${i}@example.test`, first_name: 'Bench', last_name: `N${i}`, username: `bench${i}`, contact_method: '@bench', country: 'France' } },
        { type: 'PaymentSettingsChanged', data: i % 2 ? { payment_type: 'sale', variant_id: variantId } : { payment_type: 'ppt', variant_id: null } },
      ];
      return { streamId: userStream(id), events: toNewEvents(events, systemContext(opened)), expectedRevision: 'no_stream' as const };
    });
    await eventStore.appendMany(appends);
  }
  await settled(server);
  await mailsSent(server);
  return { uniqueIds, userIds };
}

/** An offer created through the back office's form (multipart), with how it takes figures. */
export async function createOffer(server: RunningServer & { adminToken: string }, name: string, intake: 'import' | 'postback'): Promise<{ id: string; uniqueId: number; postbackKey: string }> {
  const form = new FormData();
  const fields: Record<string, string> = {
    brand_name: name, category: 'Dating', status: 'active', is_private: 'false', script_code_ppt: '', script_code_sale: '', intake,
    templates: JSON.stringify([{ id: 1, template_image: null, template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: '', is_modular: false, modulation_keys: [] }]),
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${server.url}/api/v1/offers`, { method: 'POST', headers: { authorization: `Bearer ${server.adminToken}` }, body: form });
  const { offer } = (await response.json()) as { offer: { id: string; unique_id: number } };
  const detail = await fetch(`${server.url}/api/v1/offers/${offer.id}`, { headers: { authorization: `Bearer ${server.adminToken}` } });
  return { id: offer.id, uniqueId: offer.unique_id, postbackKey: ((await detail.json()) as { postback_key: string }).postback_key };
}

/** Waits until the mails queued so far (an opened account's welcome) are sent: a workload measured after is not sharing the machine with them. */
async function mailsSent(server: RunningServer): Promise<void> {
  for (;;) {
    const { rows } = await server.deps.pool.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL) AS waiting');
    if (!rows[0]!.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until every read model and reactor has processed the whole log. */
export async function settled(server: RunningServer): Promise<void> {
  const { eventStore, readModels } = server.deps;
  for (;;) {
    const head = await eventStore.headPosition();
    if ((await readModels.waitForConsequences(head)) && comparePositions(await eventStore.headPosition(), head) === 0) return;
  }
}
