import type { RecordedEvent } from '../eventstore/eventStore';
import { handleCommandBatch, reactionContext } from '../eventstore/commands';
import type { ReactorDeps } from '../feature';
import { batchReactor } from '../processing/processor';
import type { PaymentMethodType } from '@affilux/contract';
import type pg from 'pg';
import { payoutStream, type PayoutEvent } from './events';
import { payoutIssuedEmail } from './emails';
import { sha256, type InvoiceHolder } from './invoice';
import { renderInvoiceInWorker } from './invoiceRendering';
import { payoutDecider } from './payout';

type Issued = RecordedEvent & Extract<PayoutEvent, { type: 'PayoutIssued' }>;
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const HOLDER_COLUMNS = 'unique_id, first_name, last_name, type, crypto_name, crypto_address, company_name, siret, iban, address, country';

/** Who each payout was paid to, from the snapshot the run took (payout_payment_methods). */
async function invoiceHolders(db: Queryable, payoutIds: string[]): Promise<Map<string, InvoiceHolder>> {
  const { rows } = await db.query<InvoiceHolder & { payout_id: string }>(`SELECT payout_id::text, ${HOLDER_COLUMNS} FROM payout_payment_methods WHERE payout_id = ANY($1::uuid[])`, [payoutIds]);
  return new Map(rows.map(({ payout_id, ...holder }) => [payout_id, holder]));
}

export const invoiceHolder = async (db: Queryable, payoutId: string): Promise<InvoiceHolder | null> => (await invoiceHolders(db, [payoutId])).get(payoutId) ?? null;

/** A payout whose snapshot is missing (never expected) is still invoiced, with what the log says. */
export const unknownHolder = (type: PaymentMethodType): InvoiceHolder => ({
  unique_id: 0, first_name: '', last_name: '', type, crypto_name: null, crypto_address: null, company_name: null, siret: null, iban: null, address: null, country: null,
});

/** Where a payout's documents are kept, each table with its own gapless sequence: invoices, and failed payouts' credit notes. */
export type DocumentTable = 'payout_invoices' | 'payout_credit_notes';

/** A payout's document as stored (its number, hash and bytes), or null before it is drawn. */
export async function storedDocument(db: Queryable, table: DocumentTable, payoutId: string): Promise<{ number: number; sha256: string; pdf: Buffer } | null> {
  const { rows } = await db.query<{ number: number; sha256: string; pdf: Buffer }>(`SELECT number, sha256, pdf FROM ${table} WHERE payout_id = $1`, [payoutId]);
  return rows[0] ?? null;
}

export const storedInvoice = (db: Queryable, payoutId: string) => storedDocument(db, 'payout_invoices', payoutId);

/**
 * What a reactor drawing a batch of payouts' documents reads once, in its transaction: the
 * documents already stored (never drawn again: their hash is in the log), the last number of the
 * table's sequence, and each payout's holder and affiliate.
 */
export async function documentBatch(tx: Queryable, table: DocumentTable, payouts: { payout_id: string; user_id: string }[]) {
  const ids = payouts.map((p) => p.payout_id);
  const { rows: stored } = await tx.query<{ payout_id: string; number: number; sha256: string }>(`SELECT payout_id::text, number, sha256 FROM ${table} WHERE payout_id = ANY($1::uuid[])`, [ids]);
  const { rows: last } = await tx.query<{ number: number }>(`SELECT coalesce(max(number), 0)::int AS number FROM ${table}`);
  const holderOf = await invoiceHolders(tx, ids);
  const { rows: users } = await tx.query<{ id: string; email: string; first_name: string }>('SELECT id::text, email, first_name FROM rm_users WHERE id = ANY($1::uuid[])', [payouts.map((p) => p.user_id)]);
  return { stored: new Map(stored.map((r) => [r.payout_id, r])), lastNumber: last[0]!.number, holderOf, userOf: new Map(users.map((u) => [u.id, u])) };
}

/**
 * Invoices payouts in log order, a batch at a time: the next numbers of a gapless sequence, taken in
 * this reactor's own transaction (a retry after a crash takes the same numbers again), each PDF
 * rendered (in worker threads, the batch's in parallel) and kept with its SHA-256, the number and
 * hash recorded on each payout's stream (InvoiceIssued), and each affiliate told (payout issued,
 * amount, week, link). An invoice already stored is kept as it is, never drawn again. What the
 * payouts share (the last number, holders, addresses) is read once per batch.
 */
export const payoutInvoices = (deps: Pick<ReactorDeps, 'eventStore' | 'pool' | 'mail' | 'publicUrl' | 'log'>) =>
  batchReactor<Issued>({
    name: 'payout-invoices',
    handles: ['PayoutIssued'],
    async react(events, { tx, afterCommit }) {
      const { stored: issued, lastNumber, holderOf, userOf } = await documentBatch(tx, 'payout_invoices', events.map((e) => e.data));
      let next = lastNumber;
      const invoices = await Promise.all(
        events.map(async (event) => {
          const payout = event.data;
          // An invoice once stored is never drawn again (its hash is in the log): a replay keeps its bytes.
          const kept = issued.get(payout.payout_id);
          if (kept) return { event, number: kept.number, hash: kept.sha256, pdf: null };
          const number = ++next;
          const holder = holderOf.get(payout.payout_id);
          if (!holder) deps.log.error({ payout_id: payout.payout_id }, 'payout without its payment method snapshot: invoiced without the details');
          const pdf = await renderInvoiceInWorker({ number, payout, holder: holder ?? unknownHolder(payout.payment_method_type) });
          return { event, number, hash: sha256(pdf), pdf };
        }),
      );
      // One row of parameters each: the PDFs go as binary parameters, not hex inside an array literal (three times slower to send and parse).
      const drawn = invoices.filter((i) => i.pdf !== null);
      if (drawn.length) {
        await tx.query(
          `INSERT INTO payout_invoices (payout_id, number, sha256, pdf) VALUES ${drawn.map((_, k) => `($${4 * k + 1}::uuid, $${4 * k + 2}::int, $${4 * k + 3}, $${4 * k + 4}::bytea)`).join(', ')}`,
          drawn.flatMap((i) => [i.event.data.payout_id, i.number, i.hash, i.pdf]),
        );
      }
      await handleCommandBatch(
        deps,
        payoutDecider,
        invoices.map(({ event, number, hash }) => ({ streamId: payoutStream(event.data.user_id, event.data.week), command: { type: 'RecordInvoice' as const, number, sha256: hash }, ctx: reactionContext(event) })),
      );
      for (const { event, number } of invoices) {
        const payout = event.data;
        const user = userOf.get(payout.user_id);
        if (!user) continue;
        const mail = payoutIssuedEmail(user.email, user.first_name, { week: payout.week, total_cents: payout.total_cents, number }, deps.publicUrl);
        await deps.mail.enqueueInReaction({ tx, ctx: reactionContext(event), afterCommit }, `payout-issued/${payout.payout_id}`, mail);
      }
    },
  });
