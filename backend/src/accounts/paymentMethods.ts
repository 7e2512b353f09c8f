import { randomUUID } from 'node:crypto';
import { PAYMENT_METHOD_FIELDS, type PaymentMethodDetails, type PaymentMethodView } from '@affilux/contract';
import type pg from 'pg';
import { inTransaction, keepingAConnection } from '../db/transaction';
import { handleCommand, type CommandContext, type CommandDeps } from '../eventstore/commands';
import { notFound } from '../http/errors';
import { accountDecider, NO_PAYMENT_METHOD } from './account';
import { userStream } from './events';

/**
 * The command side of affiliates' payment methods: the `payment_methods` table holds the details
 * (personal, erasable: never in the log), the user's stream records that the method changed and its
 * type. The row names the event that recorded it (`recorded_event_id`), so a payout can snapshot
 * the row and prove which change it took.
 *
 * Each change holds the row's transaction (and a per-affiliate lock) until its event is appended:
 * a refused command leaves the row as it was. Holding a connection while the append takes another,
 * it takes its turn (`keepingAConnection`) so that many at once never hold the whole pool. Should the process die between the append and the
 * commit, the row still names the earlier event, which tells the mismatch; saving again mends it.
 */

type Deps = CommandDeps & { pool: pg.Pool };

const COLUMNS = 'type, crypto_name, crypto_address, company_name, siret, iban, address, country, updated_at';

type Row = PaymentMethodDetails & { updated_at: Date };

const toView = ({ updated_at, ...details }: Row): PaymentMethodView => ({ ...details, updated_at: updated_at.toISOString() });

export async function findPaymentMethod(pool: pg.Pool, userId: string): Promise<PaymentMethodView | null> {
  const { rows } = await pool.query<Row>(`SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1`, [userId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** Whether a payment method is recorded, without reading its details. */
export async function hasPaymentMethod(pool: pg.Pool, userId: string): Promise<boolean> {
  const { rows } = await pool.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = $1) AS found', [userId]);
  return rows[0]!.found;
}

const lockAffiliate = (tx: pg.PoolClient, userId: string) => tx.query("SELECT pg_advisory_xact_lock(hashtext('payment-method:' || $1))", [userId]);

const FIELDS = [...new Set(Object.values(PAYMENT_METHOD_FIELDS).flat())];
const sameDetails = (a: PaymentMethodDetails, b: PaymentMethodDetails) => a.type === b.type && FIELDS.every((field) => a[field] === b[field]);

/** Stores checked details and records PaymentMethodChanged; the same details again change and record nothing. */
export async function setPaymentMethod(deps: Deps, userId: string, details: PaymentMethodDetails, ctx: CommandContext): Promise<'saved' | 'unchanged'> {
  const position = await keepingAConnection(deps.pool, () => inTransaction(deps.pool, async (tx) => {
    await lockAffiliate(tx, userId);
    const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1`, [userId]);
    if (rows[0] && sameDetails(rows[0], details)) return null;
    const eventId = randomUUID();
    await tx.query(
      `INSERT INTO payment_methods (user_id, type, crypto_name, crypto_address, company_name, siret, iban, address, country, recorded_event_id, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (user_id) DO UPDATE SET type = EXCLUDED.type, crypto_name = EXCLUDED.crypto_name, crypto_address = EXCLUDED.crypto_address,
         company_name = EXCLUDED.company_name, siret = EXCLUDED.siret, iban = EXCLUDED.iban, address = EXCLUDED.address, country = EXCLUDED.country,
         recorded_event_id = EXCLUDED.recorded_event_id, updated_at = EXCLUDED.updated_at`,
      [userId, details.type, details.crypto_name, details.crypto_address, details.company_name, details.siret, details.iban, details.address, details.country, eventId, ctx.now],
    );
    const { position } = await handleCommand(deps, accountDecider, userStream(userId), { type: 'SetPaymentMethod', methodType: details.type, eventId }, ctx, { wait: 'none' });
    return position;
  }));
  if (!position) return 'unchanged';
  await deps.readModels.waitFor(position);
  return 'saved';
}

/** Erases the details and records PaymentMethodRemoved; 404 when there is none. */
export async function removePaymentMethod(deps: Deps, userId: string, ctx: CommandContext): Promise<void> {
  const position = await keepingAConnection(deps.pool, () => inTransaction(deps.pool, async (tx) => {
    await lockAffiliate(tx, userId);
    const { rowCount } = await tx.query('DELETE FROM payment_methods WHERE user_id = $1', [userId]);
    if (!rowCount) throw notFound(NO_PAYMENT_METHOD);
    return (await handleCommand(deps, accountDecider, userStream(userId), { type: 'RemovePaymentMethod' }, ctx, { wait: 'none' })).position;
  }));
  if (position) await deps.readModels.waitFor(position);
}
