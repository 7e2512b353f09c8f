/**
 * The back office's money actions on payouts (payouts design, issue 10): the manual run's answer and
 * the rules of a manual adjustment, checked the same way by the server and the back office's form.
 */

/** POST /admin/payments/run { week }: what the run did (the same code as Wednesday's job). */
export type PayoutRunResult = {
  message: string;
  week: string;
  /** Payouts issued by this run, and their total ('1234.00'). */
  issued: number;
  issuedTotal: string;
  /** Balances kept for later (below the minimum, no payment method, frozen account), recorded by this run. */
  carriedOver: number;
  /** Carry-overs of the week an earlier run recorded: not recorded again. */
  alreadyCarriedOver: number;
  /** Affiliates already paid for that week (an earlier run): left alone. */
  alreadyIssued: number;
  /** Payouts of the week marked paid. */
  paid: number;
};

import { typedAmountCents } from './money';

/**
 * POST /admin/payments/adjustments { user_id, amount, reason }: a signed amount ('-12.50') and why.
 * An `Idempotency-Key` header (1 to 100 visible ASCII characters) makes a retry record nothing more:
 * the same key from the same admin for the same affiliate is one adjustment, and reused for another
 * amount or reason it is refused.
 */
export const ADJUSTMENT_RULES = {
  reasonMinLength: 3,
  reasonMaxLength: 500,
  /** 100,000.00 EUR either way: a typo of a few zeros is refused rather than confirmed and paid. */
  maxAmountCents: 10_000_000,
  messages: {
    amount: 'Le montant doit être un nombre non nul avec au plus deux décimales, de 100 000,00 EUR au plus en plus ou en moins (par exemple -12,50)',
    reason: 'Le motif est requis (3 caractères au moins)',
    reasonTooLong: 'Le motif doit contenir au plus 500 caractères',
    user: "L'affilié est requis",
    idempotencyKey: "L'en-tête Idempotency-Key doit contenir de 1 à 100 caractères ASCII visibles",
    idempotencyKeyReused: 'Cette clé Idempotency-Key a déjà servi pour un autre ajustement : rien de plus n\'a été enregistré',
    replayed: 'Ajustement déjà enregistré',
  },
} as const;

/**
 * An adjustment's amount in cents (a comma or a point, a plus sign, and spaces between thousands
 * allowed); null when zero, finer than a cent, over the maximum, or spaced elsewhere ('5 0' is a
 * typo, not 50).
 */
export function adjustmentCents(value: string | number): number | null {
  const cents = typedAmountCents(value);
  return cents === null || cents === 0 || Math.abs(cents) > ADJUSTMENT_RULES.maxAmountCents ? null : cents;
}

/** POST /admin/payments/{id}/failed { reason }. */
export const FAILURE_REASON_MESSAGE = "Le motif de l'échec est requis (3 caractères au moins)";
