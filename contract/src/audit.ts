/**
 * The auditor (issue 11): who audits, and the answers of the audit calls. Amounts are decimal
 * strings ('1234.50'), times ISO 8601, log positions `commit/prepare` strings (the order of the log).
 *
 * Routes (base /api/v1):
 * - POST /admin/auditors { email, first_name, last_name }      admin only: invites an auditor        -> AuditorInvited
 * - GET  /admin/auditors                                        admin only: the auditors              -> AuditorView[]
 * The audit calls, for the back office's readers (admins and auditors; anonymous 401, affiliates 403):
 * - GET  /audit/affiliates/{userId}/events?kind=ledger,payout&offset=0&limit=50                        -> AuditEventsPage
 * - GET  /audit/affiliates/{userId}/events/export?kind=...      the same history as CSV (text/csv, every page)
 * - GET  /audit/affiliates/{userId}/as-of?at=<ISO time>         folded from the events up to `at`     -> AuditAsOf
 * - GET  /audit/payouts/{paymentId}                             a payout explained and checked        -> AuditPayoutExplanation
 * - GET  /audit/payouts/{paymentId}/export                      the explanation as CSV (one row per figure source)
 * - GET  /audit/rate-changes?user_id=&variant_id=&offset=0&limit=50                                    -> AuditRateChangesPage
 * - POST /audit/verify                                          rebuild into a scratch schema, compare -> AuditVerifyReport
 * - GET  /audit/summary                                         the signed summary to keep            -> AuditSignedSummary
 * - POST /audit/summary/check   (body: an AuditSignedSummary)   is its signature ours?                -> AuditSummaryCheck
 * - GET  /audit/views?offset=0&limit=50                         who looked at what, when              -> AuditViewsPage
 * `npm run audit:verify` runs the same verification from the command line (exit 1 when something differs).
 */
import type { VariantTierView } from './api';
import type { PayoutStatus } from './paymentsView';
import type { PaymentMethodType } from './paymentMethod';
import type { PaymentType } from './vocabulary';

// ---- Auditors -------------------------------------------------------------------------------

/** An auditor as admins list them (GET /admin/auditors). */
export type AuditorView = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
  /** False until the invitation's link has been used to choose a password. */
  password_set: boolean;
  last_connection: string | null;
};

/** POST /admin/auditors: 201. */
export type AuditorInvited = { message: string; auditor: AuditorView };

/** The invitation form's rules, checked alike by the server and the back office. */
export const AUDITOR_RULES = {
  nameMaxLength: 100,
  messages: {
    email: 'Adresse email invalide',
    emailRequired: "L'email est requis",
    firstName: 'Le prénom est requis',
    lastName: 'Le nom est requis',
    nameTooLong: 'Ce champ doit contenir au plus 100 caractères',
    invited: "Auditeur invité : un email lui a été envoyé pour choisir son mot de passe",
  },
  messagesEn: {
    email: 'Invalid email address',
    emailRequired: 'Email is required',
    firstName: 'First name is required',
    lastName: 'Last name is required',
    nameTooLong: 'This field must be at most 100 characters',
    invited: 'Auditor invited: an email was sent to choose a password',
  },
} as const;

// ---- Shared pieces --------------------------------------------------------------------------

/** The affiliate's streams an event belongs to. */
export const AUDIT_EVENT_KINDS = ['account', 'rate_settings', 'earnings', 'ledger', 'payout'] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** Where an event is in the log and who caused it. */
export type AuditEventRef = {
  event_id: string;
  stream_id: string;
  /** The event's revision in its stream (0 = first). */
  revision: number;
  type: string;
  /** `commit/prepare`: its place in the global log. */
  position: string;
  occurred_at: string;
  actor_id: string;
  actor_role: string;
  /** The event (or request id) that caused it. */
  causation_id: string;
  /** The conversation (request) it belongs to. */
  correlation_id: string;
};

/** One event of the log, whole. */
export type AuditEvent = AuditEventRef & {
  kind: AuditEventKind;
  schema_version: number;
  /** The event's data as recorded (upcast to today's shape). */
  data: unknown;
  /** One line saying what happened, in French ("Semaine 2026-W14 close : 245,00 EUR"). */
  summary: string;
};

/** GET /audit/affiliates/{userId}/events. */
export type AuditEventsPage = {
  user_id: string;
  unique_id: number | null;
  /** Events matching the filter (all pages). */
  total: number;
  offset: number;
  limit: number;
  kinds: AuditEventKind[];
  events: AuditEvent[];
};

// ---- As of ------------------------------------------------------------------------------------

/** A version of a payment variant, as it stood. */
export type AuditVariantVersion = {
  variant_id: string;
  name: string;
  payment_type: PaymentType;
  version: number;
  effective_at: string;
  base_amount: string;
  is_evolutionary: boolean;
  tiers: VariantTierView[];
  deleted: boolean;
};

/** GET /audit/affiliates/{userId}/as-of?at=: everything folded from the events recorded up to `at`. */
export type AuditAsOf = {
  user_id: string;
  at: string;
  /** The last event taken into account (null: none yet), and how many were folded. */
  position: string | null;
  events_folded: number;
  /** False when the account did not exist yet at `at` (everything else is then empty). */
  exists: boolean;
  unique_id: number | null;
  frozen: boolean;
  email_verified: boolean;
  /** The payment method's type (the details are not in the log). */
  payment_method_type: PaymentMethodType | null;
  referred_by: number | null;
  /** Percent, one decimal. */
  referral_commission_rate: number;
  settings: {
    payment_type: PaymentType;
    /** True: no variant, the network's standard rate of the payment type. */
    standard: boolean;
    variant: AuditVariantVersion | null;
    /** The standard rate of the payment type in force at `at`. */
    standard_rate: string;
    /** When these settings were recorded. */
    since: string | null;
  } | null;
  /** Every variant the affiliate had until `at`, each at its version in force at `at`. */
  variant_versions: AuditVariantVersion[];
  balance: {
    /** Sum of the open items. */
    balance: string;
    open_items: number;
    /** Part of it carried over from an earlier run. */
    carried: string;
    paid_total: string;
    written_off_total: string;
    last_movement_at: string | null;
  };
  /** The ISO week of `at` as priced so far: the paid kind's count and the tier reached. */
  week: {
    week: string;
    paid_kind: 'essay' | 'bill';
    count: number;
    tier_level: number | null;
    /** The rate of the next conversion (the tier reached, or the fixed rate). */
    rate: string | null;
    amount: string;
    closed: boolean;
  };
};

// ---- A payout explained ----------------------------------------------------------------------

/** A figure behind a day: a daily import's row or a postback, with its place in the log. */
export type AuditFigureSource = AuditEventRef & {
  source: 'import' | 'postback';
  import_id: string | null;
  file_name: string | null;
  /** A postback's transaction id, and whether it is its reversal. */
  txid: string | null;
  reversal: boolean;
  day: string;
  offer_id: string | null;
  /** The offer's name (kept once the offer is deleted); null without an offer. */
  offer_name: string | null;
  s1: string;
  s2: string;
  /** What it changed. */
  delta: { click: number; registered: number; essay: number; bill: number };
};

export type AuditTierSpan = { tier_level: number | null; count: number; rate: string; amount: string };

/** The settings a day was priced with (from the recorded pricing). */
export type AuditDaySettings = {
  kind: 'standard' | 'fixed' | 'tiers';
  payment_type: PaymentType;
  variant_id: string | null;
  variant_name: string | null;
  variant_version: number | null;
  /** Fixed or standard rate; null for tiers. */
  rate: string | null;
  tiers: VariantTierView[];
};

/** A day of a week behind a payout line: its figures, its positions in the week and its price. */
export type AuditDay = {
  day: string;
  paid_kind: 'essay' | 'bill';
  count: number;
  first_position: number;
  last_position: number;
  settings: AuditDaySettings;
  spans: AuditTierSpan[];
  amount: string;
  /** In a correction: what the day earned before it, and the change (`amount` minus it), the correction's amount summed over its days; null in a week. */
  previous_amount: string | null;
  difference: string | null;
  /** The earnings event that fixed this price (WeekEarningsRecorded or WeekCorrected). */
  priced_by: AuditEventRef;
  figures: AuditFigureSource[];
  /** The paid kind summed over the figures recorded up to the pricing: equals `count` when the day is explained. */
  figures_count: number;
  /** The day priced again now by the rate engine from its recorded figures and settings. */
  recomputed_amount: string;
  matches: boolean;
};

/** A line of a week (or correction): offer, kind, tier, rate, variant version. */
export type AuditLine = {
  offer_id: string | null;
  offer_name: string | null;
  kind: 'essay' | 'bill';
  rate_kind: 'standard' | 'fixed' | 'tiers';
  tier_level: number | null;
  rate: string;
  variant_id: string | null;
  variant_name: string | null;
  variant_version: number | null;
  count: number;
  amount: string;
};

export type AuditReferral = {
  referred_user_id: string;
  referred_unique_id: number;
  week: string | null;
  /** The referred week's total (or correction), the rate in percent. */
  base: string;
  rate: number;
  /** base x rate before rounding, to the thousandth of a cent. */
  exact: string;
  amount: string;
  /** amount - exact ('+0.00400'): the half-up rounding to the cent, once per line. */
  rounding: string;
};

export type AuditPayoutItem = {
  item_id: string;
  kind: 'week' | 'correction' | 'referral' | 'adjustment' | 'reinstatement';
  week: string | null;
  label: string;
  amount: string;
  /** Carried over from an earlier run. */
  carried: boolean;
  /** The LedgerItemPosted event that put it on the balance. */
  posted: AuditEventRef | null;
  /** What it comes from: WeekClosed, WeekCorrected (a referral: the referred affiliate's), or null (adjustment, reinstatement). */
  source: AuditEventRef | null;
  lines: AuditLine[];
  /** The days behind a week or correction item, down to their figures. */
  days: AuditDay[];
  referral: AuditReferral | null;
  /** The item recomputed now from its source events. */
  recomputed_amount: string;
  matches: boolean;
  problems: string[];
};

/** GET /audit/payouts/{paymentId}. */
export type AuditPayoutExplanation = {
  payout_id: string;
  user_id: string;
  unique_id: number | null;
  week: string;
  status: PayoutStatus;
  issued_at: string;
  paid_at: string | null;
  failed_at: string | null;
  failure_reason: string | null;
  total: string;
  carried_in: string;
  payment_method_type: PaymentMethodType;
  /** The PaymentMethodChanged event whose details were snapshotted. */
  payment_method_event_id: string;
  /** The ledger's log position the payout was computed at. */
  computed_at: string;
  /** Every event of the payout's stream (PayoutIssued, InvoiceIssued, PayoutPaid, PayoutFailed, CreditNoteIssued). */
  events: AuditEventRef[];
  items: AuditPayoutItem[];
  invoice: AuditDocumentCheck | null;
  /** A failed payout's credit note, which cancels its invoice. */
  credit_note: AuditDocumentCheck | null;
  check: {
    /** The payout's amount recomputed from the ledger's events and its items' sources. */
    recomputed_total: string;
    amount_matches: boolean;
    invoice_matches: boolean | null;
    credit_note_matches: boolean | null;
    /** Every line explained down to its figures. */
    explained: boolean;
    problems: string[];
  };
};

/** A payout's document (its invoice, or a failed payout's credit note) checked against the log. */
export type AuditDocumentCheck = {
  number: number;
  /** As recorded in the log (InvoiceIssued, CreditNoteIssued), as stored with the PDF, and of the PDF rendered again now. */
  recorded_sha256: string;
  stored_sha256: string | null;
  regenerated_sha256: string;
  matches: boolean;
};

// ---- Rate changes --------------------------------------------------------------------------

export const AUDIT_RATE_CHANGE_KINDS = ['variant_created', 'variant_updated', 'variant_deleted', 'standard_rate', 'affiliate_settings', 'referral_commission'] as const;
export type AuditRateChangeKind = (typeof AUDIT_RATE_CHANGE_KINDS)[number];

/** An earnings week a rate change touched. */
export type AuditAffectedWeek = {
  user_id: string;
  unique_id: number | null;
  week: string;
  /** 'repriced': the change priced the week again (an earnings event caused by it); 'priced_with': days of the week were paid with this version or these settings. */
  how: 'repriced' | 'priced_with';
  /** The earnings events concerned. */
  event_ids: string[];
};

export type AuditRateChange = AuditEventRef & {
  kind: AuditRateChangeKind;
  /** The actor's name when it is a user (from the users read model; the log holds only ids). */
  actor_name: string | null;
  payment_type: PaymentType | null;
  variant_id: string | null;
  variant_name: string | null;
  variant_version: number | null;
  /** An affiliate's settings or commission: whose. */
  user_id: string | null;
  unique_id: number | null;
  /** What it set, in the language asked ("Variante Palier Pro v3 : 2 paliers (15,00 EUR de 0 à 9, 20,00 EUR de 10 à ∞)", "Taux standard SALE : 25,00 EUR"). */
  description: string;
  /** The same of the change it replaced (the same variant's previous version, the same standard rate, the same affiliate's settings or commission); null for the first. */
  description_before: string | null;
  before: unknown;
  after: unknown;
  affected: AuditAffectedWeek[];
};

/** GET /audit/rate-changes. */
export type AuditRateChangesPage = { total: number; offset: number; limit: number; changes: AuditRateChange[] };

// ---- Verification and the signed summary ------------------------------------------------------

export type AuditTableComparison = {
  read_model: string;
  table: string;
  live_rows: number;
  rebuilt_rows: number;
  /** Rows of the live table the rebuild does not have, and the other way round. */
  only_live: number;
  only_rebuilt: number;
  identical: boolean;
  /** A few differing rows (JSON), for a first look. */
  samples: string[];
};

export type AuditPayoutCheck = {
  payout_id: string;
  user_id: string;
  week: string;
  total: string;
  recomputed_total: string;
  amount_matches: boolean;
  invoice_sha256: string | null;
  regenerated_sha256: string | null;
  invoice_matches: boolean | null;
  credit_note_matches: boolean | null;
  problems: string[];
};

/** POST /audit/verify (and `npm run audit:verify`). */
export type AuditVerifyReport = {
  started_at: string;
  finished_at: string;
  /** The log's head the rebuild went up to, and how many events it replayed. */
  position: string;
  events: number;
  identical: boolean;
  tables: AuditTableComparison[];
  payouts: { checked: number; matching: number; mismatches: AuditPayoutCheck[] };
  invoices: { checked: number; matching: number };
  credit_notes: { checked: number; matching: number };
  /** Each difference in one line ("rm_users: 1 live row(s) differ from the rebuild"). */
  differences: string[];
};

/**
 * GET /audit/summary: what an auditor keeps to prove later what the system said. Signed with
 * HMAC-SHA256 over `digest` (the SHA-256 of the canonical JSON of every field but `digest` and
 * `signature`), with the server's audit key (AUDIT_SECRET, else `audit-secret` in the data folder).
 */
export type AuditSignedSummary = {
  generated_at: string;
  position: string;
  events: number;
  /** Each read model table's rows hashed in a fixed order. */
  tables: { table: string; rows: number; sha256: string }[];
  invoices: { payout_id: string; number: number; sha256: string }[];
  credit_notes: { payout_id: string; number: number; sha256: string }[];
  payouts_total: string;
  algorithm: 'HMAC-SHA256';
  digest: string;
  signature: string;
};

/** POST /audit/summary/check. */
export type AuditSummaryCheck = { valid: boolean; message: string };

// ---- Views ---------------------------------------------------------------------------------

export const AUDIT_VIEW_SUBJECTS = ['affiliate_events', 'affiliate_as_of', 'payout', 'rate_changes', 'verify', 'summary', 'export_events', 'export_payout'] as const;
export type AuditViewSubject = (typeof AUDIT_VIEW_SUBJECTS)[number];

/** Who looked at what, when (an AuditViewRecorded event each). */
export type AuditViewRecord = {
  event_id: string;
  viewer_id: string;
  viewer_role: string;
  subject: AuditViewSubject;
  /** The affiliate or payout looked at (null for network-wide calls). */
  subject_id: string | null;
  /** The filter or date asked for ({ at }, { kind }). */
  query: Record<string, string>;
  viewed_at: string;
};

/** GET /audit/views. */
export type AuditViewsPage = { total: number; offset: number; limit: number; views: AuditViewRecord[] };
