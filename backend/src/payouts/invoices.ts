import type { RecordedEvent } from '../eventstore/eventStore';
import { handleCommand } from '../eventstore/commands';
import type { ReactorDeps } from '../feature';
import { reactor } from '../processing/processor';
import type { PaymentMethodType } from '@affilux/contract';
import type pg from 'pg';
import { payoutStream, type PayoutEvent } from './events';
import { payoutIssuedEmail } from './emails';
import { renderInvoice, sha256, type InvoiceHolder } from './invoice';
import { payoutDecider } from './payout';

type Issued = RecordedEvent & Extract<PayoutEvent, { type: 'PayoutIssued' }>;
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Who the payout was paid to, from the snapshot the run took (payout_payment_methods). */
export async function invoiceHolder(db: Queryable, payoutId: string): Promise<InvoiceHolder | null> {
  const { rows } = await db.query<InvoiceHolder>(
    `SELECT unique_id, first_name, last_name, type, crypto_name, crypto_address, company_name, siret, iban, address, country
       FROM payout_payment_methods WHERE payout_id = $1`,
    [payoutId],
  );
  return rows[0] ?? null;
}

/** A payout whose snapshot is missing (never expected) is still invoiced, with what the log says. */
const unknownHolder = (type: PaymentMethodType): InvoiceHolder => ({
  unique_id: 0, first_name: '', last_name: '', type, crypto_name: null, crypto_address: null, company_name: null, siret: null, iban: null, address: null, country: null,
});

/** The invoice of a payout as stored (its number, hash and bytes), or null before it is issued. */
export async function storedInvoice(db: Queryable, payoutId: string): Promise<{ number: number; sha256: string; pdf: Buffer } | null> {
  const { rows } = await db.query<{ number: number; sha256: string; pdf: Buffer }>('SELECT number, sha256, pdf FROM payout_invoices WHERE payout_id = $1', [payoutId]);
  return rows[0] ?? null;
}

/**
 * Invoices payouts in log order: the next number of a gapless sequence, taken in this reactor's
 * own transaction (a retry after a crash takes the same number again), the PDF rendered and kept
 * with its SHA-256, the number and hash recorded on the payout's stream (InvoiceIssued), and the
 * affiliate told (payout issued, amount, week, link).
 */
export const payoutInvoices = (deps: Pick<ReactorDeps, 'eventStore' | 'pool' | 'mail' | 'publicUrl' | 'log'>) =>
  reactor<Issued>({
    name: 'payout-invoices',
    handles: ['PayoutIssued'],
    async react(event, reaction) {
      const { tx, ctx } = reaction;
      const payout = event.data;
      const existing = await storedInvoice(tx, payout.payout_id);
      const { rows } = await tx.query<{ next: number }>('SELECT coalesce(max(number), 0) + 1 AS next FROM payout_invoices');
      const number = existing?.number ?? rows[0]!.next;
      const holder = (await invoiceHolder(tx, payout.payout_id)) ?? unknownHolder(payout.payment_method_type);
      if (!holder.unique_id) deps.log.error({ payout_id: payout.payout_id }, 'payout without its payment method snapshot: invoiced without the details');
      const pdf = await renderInvoice({ number, payout, holder });
      const hash = sha256(pdf);
      await tx.query(
        'INSERT INTO payout_invoices (payout_id, number, sha256, pdf) VALUES ($1, $2, $3, $4) ON CONFLICT (payout_id) DO UPDATE SET sha256 = EXCLUDED.sha256, pdf = EXCLUDED.pdf',
        [payout.payout_id, number, hash, pdf],
      );
      await handleCommand(deps, payoutDecider, payoutStream(payout.user_id, payout.week), { type: 'RecordInvoice', number, sha256: hash }, ctx, { wait: 'none' });
      const { rows: users } = await tx.query<{ email: string; first_name: string }>('SELECT email, first_name FROM rm_users WHERE id = $1', [payout.user_id]);
      if (users[0]) {
        const mail = payoutIssuedEmail(users[0].email, users[0].first_name, { week: payout.week, total_cents: payout.total_cents, number }, deps.publicUrl);
        await deps.mail.enqueueInReaction(reaction, `payout-issued/${payout.payout_id}`, mail);
      }
    },
  });
