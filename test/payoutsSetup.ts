import { expect } from 'vitest';
import type { JobDefinition } from '../backend/src/feature';
import { PAYOUT_JOBS } from '../backend/src/payouts/jobs';
import { payouts } from '../backend/src/payouts';
import { startOfDayInstant } from '../backend/src/time/calendar';
import type { PaymentHistoryRow } from '@affilux/contract';
import type { ApiHarness, TestAffiliate } from './apiHarness';
import { importFile, statRow } from './figuresSetup';

/** An instant given as a day and an hour in Paris: paris('2026-11-10', 0) is the Tuesday's 00:00. */
export const paris = (day: string, hour = 0, minute = 0) => new Date(startOfDayInstant(day).getTime() + (hour * 60 + minute) * 60_000);

/** The payouts feature's jobs as agenda would run them, at a given time. */
export function moneyJobs(h: ApiHarness) {
  const definitions = payouts.jobs!(h.server.deps);
  const job = (name: string): JobDefinition => definitions.find((d) => d.name === name)!;
  return {
    closeWeeks: (now: Date) => job(PAYOUT_JOBS.weekClose).handler({}, { now }),
    /** Whether the server starting at `now` would queue a week close. */
    closeDueAtStart: (now: Date) => job(PAYOUT_JOBS.weekClose).options!.dueAtStart!({ now }),
    /** Whether the server starting at `now` would make the payout run it missed. */
    runDueAtStart: (now: Date) => job(PAYOUT_JOBS.run).options!.dueAtStart!({ now }),
    /** The Wednesday run, then what follows from it: invoices drawn and numbered, mails queued. */
    run: async (now: Date) => {
      await job(PAYOUT_JOBS.run).handler({}, { now });
      // Until they are in: on a loaded machine the invoices can take longer than the product's bounded wait (then false).
      const head = await h.server.deps.eventStore.headPosition();
      while (!(await h.server.deps.readModels.waitForConsequences(head)));
    },
    dormancy: (now: Date) => job(PAYOUT_JOBS.dormancy).handler({}, { now }),
  };
}

export const CRYPTO = { type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: 'TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT' };

export async function givePaymentMethod(h: ApiHarness, admin: string, affiliate: Pick<TestAffiliate, 'id'>) {
  expect((await h.call('POST', `/admin/users/${affiliate.id}/payment-method`, { token: admin, body: CRYPTO })).status).toBe(200);
}

/** An affiliate's balance as the read model says it, in cents. */
export async function balanceOf(h: ApiHarness, affiliate: Pick<TestAffiliate, 'id'>): Promise<number> {
  const { rows } = await h.db.pool.query<{ balance_cents: string }>('SELECT balance_cents FROM rm_ledger_balances WHERE id = $1', [affiliate.id]);
  return Number(rows[0]?.balance_cents ?? 0);
}

/** How many payouts each (affiliate, week) has in the log. */
export async function payoutsPerWeek(h: ApiHarness): Promise<{ user_id: string; week: string; n: number }[]> {
  const { rows } = await h.db.pool.query<{ user_id: string; week: string; n: number }>(
    "SELECT data->>'user_id' AS user_id, data->>'week' AS week, count(*)::int AS n FROM events WHERE type = 'PayoutIssued' GROUP BY 1, 2 ORDER BY 2, 1",
  );
  return rows;
}

/** Downloads an invoice (a PDF, not JSON). */
export async function download(h: ApiHarness, path: string, token: string) {
  const response = await fetch(`${h.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), sha256: response.headers.get('x-document-sha256') };
}

/**
 * The payout journeys' week, 2026-W46: 20 trials on Monday 9 November and 10 on Tuesday 10 from the
 * brand's daily file (imported on Friday 13), then the admin's run on Wednesday 18 November. The
 * clock is left at the run; answers the affiliate's payout as the payments history lists it.
 */
export async function payTrialsOfWeek46(
  h: ApiHarness,
  admin: string,
  clock: { set(iso: string): void },
  affiliate: TestAffiliate,
  offer: { uniqueId: number | string },
  fileName?: string,
): Promise<PaymentHistoryRow> {
  clock.set('2026-11-13T10:00:00Z');
  const imported = await importFile(h, { token: admin }, {
    rows: [
      statRow(affiliate, '2026-11-09', { siteGroups: { [offer.uniqueId]: { click: 400, registered: 60, essay: 20, bill: 0 } } }),
      statRow(affiliate, '2026-11-10', { siteGroups: { [offer.uniqueId]: { click: 200, registered: 30, essay: 10, bill: 0 } } }),
    ],
  }, { fileName });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);

  // The Wednesday after the week (closed on Tuesday 00:00): the manual run answers once its invoices are numbered.
  clock.set('2026-11-18T06:00:00Z');
  const run = await h.call('POST', '/admin/payments/run', { token: admin, body: { week: '2026-W46' } });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  // The run answers after a bounded wait for the invoices: on a busy machine the number may come a little later.
  for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const { body: history } = await h.call<PaymentHistoryRow[]>('GET', '/admin/payments/history', { token: admin });
    const row = history.find((r) => r.unique_id === affiliate.uniqueId);
    if (row?.reference || Date.now() > deadline) return row!;
  }
}
