import type pg from 'pg';
import { handleCommandBatch, reactionContext, stateOf } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { batchReactor } from '../processing/processor';
import { payoutFailedEmail } from './emails';
import type { PayoutEvent } from './events';
import { sha256 } from './invoice';
import { renderInWorker } from './invoiceRendering';
import { documentBatch, storedDocument, unknownHolder } from './invoices';
import { payoutDecider } from './payout';

type Failed = RecordedEvent & Extract<PayoutEvent, { type: 'PayoutFailed' }>;
type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The credit note of a failed payout as stored, or null before it is drawn. */
export const storedCreditNote = (db: Queryable, payoutId: string) => storedDocument(db, 'payout_credit_notes', payoutId);

/** What a failed payout's stream says its credit note must show. */
export function creditNoteFacts(recorded: readonly RecordedEvent[]) {
  const events = recorded as unknown as (RecordedEvent & PayoutEvent)[];
  const state = stateOf(payoutDecider, recorded);
  const issued = events.find((e) => e.type === 'PayoutIssued');
  const failed = events.find((e) => e.type === 'PayoutFailed');
  if (state.status !== 'failed' || !state.invoice || issued?.type !== 'PayoutIssued' || failed?.type !== 'PayoutFailed') return null;
  return { payout: issued.data, invoiceNumber: state.invoice.number, failure: { reason: failed.data.reason, failed_at: failed.data.failed_at }, recorded: state.creditNote };
}

/**
 * Cancels each failed payout's invoice with a credit note, once: the next number of its own gapless
 * sequence (taken in this reactor's transaction, so a retry takes the same), the PDF rendered in the
 * invoice workers and kept with its SHA-256, the number and hash recorded on the payout's stream
 * (CreditNoteIssued), and the affiliate told. A payout fails only once invoiced (payout.ts).
 */
export const payoutCreditNotes = (deps: Pick<ReactorDeps, 'eventStore' | 'pool' | 'mail' | 'publicUrl' | 'log'>) =>
  batchReactor<Failed>({
    name: 'payout-credit-notes',
    handles: ['PayoutFailed'],
    async react(events, { tx, afterCommit }) {
      const causes = new Map(events.map((e) => [e.streamId, e]));
      const streams = await deps.eventStore.readStreams([...causes.keys()]);
      const due = [...causes].flatMap(([streamId, cause]) => {
        const facts = creditNoteFacts(streams.get(streamId) ?? []);
        return facts && !facts.recorded ? [{ cause, ...facts }] : [];
      });
      if (!due.length) return;
      const { stored: kept, lastNumber, holderOf, userOf } = await documentBatch(tx, 'payout_credit_notes', due.map((d) => d.payout));
      let next = lastNumber;
      const notes = await Promise.all(
        due.map(async (d) => {
          const already = kept.get(d.payout.payout_id);
          if (already) return { ...d, number: already.number, hash: already.sha256, pdf: null };
          const number = ++next;
          const holder = holderOf.get(d.payout.payout_id);
          if (!holder) deps.log.error({ payout_id: d.payout.payout_id }, 'payout without its payment method snapshot: credit note drawn without the details');
          const input = { number, invoiceNumber: d.invoiceNumber, payout: d.payout, holder: holder ?? unknownHolder(d.payout.payment_method_type), failure: d.failure };
          const pdf = await renderInWorker({ kind: 'credit_note', input });
          return { ...d, number, hash: sha256(pdf), pdf };
        }),
      );
      for (const note of notes) {
        if (note.pdf) await tx.query('INSERT INTO payout_credit_notes (payout_id, number, sha256, pdf) VALUES ($1, $2, $3, $4)', [note.payout.payout_id, note.number, note.hash, note.pdf]);
      }
      await handleCommandBatch(
        deps,
        payoutDecider,
        notes.map((n) => ({ streamId: n.cause.streamId, command: { type: 'RecordCreditNote' as const, number: n.number, sha256: n.hash }, ctx: reactionContext(n.cause) })),
      );
      for (const note of notes) {
        const user = userOf.get(note.payout.user_id);
        if (!user) continue;
        const failed = { week: note.payout.week, total_cents: note.payout.total_cents, invoice: note.invoiceNumber, creditNote: note.number, reason: note.failure.reason };
        const mail = payoutFailedEmail(user.email, user.first_name, failed, deps.publicUrl);
        await deps.mail.enqueueInReaction({ tx, ctx: reactionContext(note.cause), afterCommit }, `payout-failed/${note.payout.payout_id}`, mail);
      }
    },
  });
