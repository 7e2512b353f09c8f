import { creditNoteReferenceText, MINIMUM_PAYOUT_CENTS, type CarryOverReason } from '@affilux/contract';
import { DEFAULT_STANDARD_RATE_CENTS, type Tier } from '../variants/events';
import { euros, percentText } from '../http/frenchText';

type Data = Record<string, unknown>;
/** The language of the audit's summaries: the back office's. Amounts are written French style in both, as everywhere. */
export type SummaryLanguage = 'fr' | 'en';
type Describe = (data: Data, variantName: string | null) => string;

const eur = (cents: unknown) => euros(Number(cents ?? 0));
const id = (value: unknown) => String(value).padStart(5, '0');
const hash = (data: Data) => `SHA-256 ${String(data.sha256).slice(0, 12)}…`;
const days = (data: Data) => (Array.isArray(data.days) ? data.days.length : 0);
const settings = (data: Data, variantName: string | null, variant: string, standard: string) =>
  `${String(data.payment_type).toUpperCase()}, ${data.variant_id ? `${variant} ${variantName ?? String(data.variant_id)}` : standard}`;

const CARRY_OVER_TEXT: Record<SummaryLanguage, Record<CarryOverReason, string>> = {
  fr: { below_minimum: `solde inférieur au minimum de ${euros(MINIMUM_PAYOUT_CENTS)}`, no_payment_method: 'aucun moyen de paiement', account_frozen: 'compte gelé' },
  en: { below_minimum: `balance below the ${euros(MINIMUM_PAYOUT_CENTS)} minimum`, no_payment_method: 'no payment method', account_frozen: 'account frozen' },
};
const carryOver = (data: Data, language: SummaryLanguage) => CARRY_OVER_TEXT[language][data.reason as CarryOverReason] ?? String(data.reason);

/** What each event recorded, in each language (labels the events hold, such as a ledger item's, are shown as recorded). */
const SUMMARIES: Record<SummaryLanguage, Record<string, Describe>> = {
  fr: {
    AffiliateAccountOpened: (d) => `Compte affilié ouvert (${id(d.unique_id)})`,
    AdminAccountCreated: () => 'Compte administrateur créé',
    AuditorAccountCreated: () => 'Compte auditeur créé',
    PaymentSettingsChanged: (d, v) => `Paramètres de paiement : ${settings(d, v, 'variante', 'taux standard')}`,
    ReferralCommissionRateChanged: (d) => `Commission de parrainage : ${percentText(Number(d.referral_commission_tenths))}`,
    ReferrerAssigned: (d) => (d.referred_by === null ? 'Parrain retiré' : `Parrain : ${id(d.referred_by)}`),
    ManagerAssigned: (d) => (d.manager_id ? 'Manager assigné' : 'Manager retiré'),
    PaymentMethodChanged: (d) => `Moyen de paiement enregistré (${d.type === 'bank' ? 'virement bancaire' : 'crypto-monnaie'})`,
    PaymentMethodRemoved: () => 'Moyen de paiement supprimé',
    AccountFrozen: () => 'Compte gelé',
    AccountUnfrozen: () => 'Compte dégelé',
    EmailVerified: () => 'Email vérifié',
    EmailChanged: () => 'Email modifié',
    PasswordChanged: (d) => (d.reason === 'reset' ? 'Mot de passe réinitialisé' : 'Mot de passe modifié'),
    ProfileUpdated: () => 'Profil modifié',
    SignedIn: () => 'Connexion',
    WeekEarningsRecorded: (d) => `Semaine ${String(d.week)} : ${days(d)} jour(s) tarifé(s)`,
    WeekClosed: (d) => `Semaine ${String(d.week)} close : ${eur(d.total_cents)}`,
    WeekCorrected: (d) => `Correction ${String(d.label)}`,
    LedgerItemPosted: (d) => `${String(d.label)} : ${eur(d.amount_cents)}`,
    BalanceCarriedOver: (d) => `Solde reporté (${String(d.week)}, ${carryOver(d, 'fr')}) : ${eur(d.balance_cents)}`,
    ItemsSettled: (d) => `Éléments payés (${String(d.week)}) : ${eur(d.amount_cents)}`,
    ItemsReopened: (d) => `Éléments remis au solde (paiement en échec) : ${eur(d.amount_cents)}`,
    BalanceWrittenOff: (d) => `Solde radié : ${eur(d.amount_cents)}`,
    DormancyWarned: (d) => `Avertissement d'inactivité : ${eur(d.balance_cents)}`,
    PayoutIssued: (d) => `Paiement ${String(d.week)} émis : ${eur(d.total_cents)}`,
    InvoiceIssued: (d) => `Facture n° ${String(d.number).padStart(4, '0')} (${hash(d)})`,
    PayoutPaid: () => 'Paiement envoyé',
    PayoutFailed: (d) => `Paiement en échec : ${String(d.reason)}`,
    CreditNoteIssued: (d) => `Avoir n° ${creditNoteReferenceText(Number(d.number))} annulant la facture (${hash(d)})`,
  },
  en: {
    AffiliateAccountOpened: (d) => `Affiliate account opened (${id(d.unique_id)})`,
    AdminAccountCreated: () => 'Administrator account created',
    AuditorAccountCreated: () => 'Auditor account created',
    PaymentSettingsChanged: (d, v) => `Payment settings: ${settings(d, v, 'variant', 'standard rate')}`,
    ReferralCommissionRateChanged: (d) => `Referral commission: ${percentText(Number(d.referral_commission_tenths))}`,
    ReferrerAssigned: (d) => (d.referred_by === null ? 'Referrer removed' : `Referrer: ${id(d.referred_by)}`),
    ManagerAssigned: (d) => (d.manager_id ? 'Manager assigned' : 'Manager removed'),
    PaymentMethodChanged: (d) => `Payment method recorded (${d.type === 'bank' ? 'bank transfer' : 'cryptocurrency'})`,
    PaymentMethodRemoved: () => 'Payment method removed',
    AccountFrozen: () => 'Account frozen',
    AccountUnfrozen: () => 'Account unfrozen',
    EmailVerified: () => 'Email verified',
    EmailChanged: () => 'Email changed',
    PasswordChanged: (d) => (d.reason === 'reset' ? 'Password reset' : 'Password changed'),
    ProfileUpdated: () => 'Profile updated',
    SignedIn: () => 'Signed in',
    WeekEarningsRecorded: (d) => `Week ${String(d.week)}: ${days(d)} day(s) priced`,
    WeekClosed: (d) => `Week ${String(d.week)} closed: ${eur(d.total_cents)}`,
    WeekCorrected: (d) => `Correction ${String(d.label)}`,
    LedgerItemPosted: (d) => `${String(d.label)}: ${eur(d.amount_cents)}`,
    BalanceCarriedOver: (d) => `Balance carried over (${String(d.week)}, ${carryOver(d, 'en')}): ${eur(d.balance_cents)}`,
    ItemsSettled: (d) => `Items paid (${String(d.week)}): ${eur(d.amount_cents)}`,
    ItemsReopened: (d) => `Items back in the balance (payout failed): ${eur(d.amount_cents)}`,
    BalanceWrittenOff: (d) => `Balance written off: ${eur(d.amount_cents)}`,
    DormancyWarned: (d) => `Dormancy warning: ${eur(d.balance_cents)}`,
    PayoutIssued: (d) => `Payout ${String(d.week)} issued: ${eur(d.total_cents)}`,
    InvoiceIssued: (d) => `Invoice no. ${String(d.number).padStart(4, '0')} (${hash(d)})`,
    PayoutPaid: () => 'Payout sent',
    PayoutFailed: (d) => `Payout failed: ${String(d.reason)}`,
    CreditNoteIssued: (d) => `Credit note no. ${creditNoteReferenceText(Number(d.number))} cancelling the invoice (${hash(d)})`,
  },
};

/** One line saying what an event recorded, for the history's list and its CSV; `variantName`: the name of the variant the event names. */
export function describeEvent(type: string, data: Data, variantName: string | null = null, language: SummaryLanguage = 'fr'): string {
  return SUMMARIES[language][type]?.(data, variantName) ?? type;
}

const RATE_TEXT = {
  fr: {
    standard: (type: string, cents: number) => `Taux standard ${type} : ${euros(cents)}`,
    byDefault: '(par défaut)',
    deleted: (name: string) => `Variante ${name} supprimée`,
    version: (name: string, version: number | null, text: string) => `Variante ${name} v${version} : ${text}`,
    tiers: (tiers: Tier[]) => `${tiers.length} paliers (${tiers.map((t) => `${euros(t.amount_cents)} de ${t.min_sales} à ${t.max_sales ?? '∞'}`).join(', ')})`,
    fixed: (cents: number) => `${euros(cents)} fixe`,
  },
  en: {
    standard: (type: string, cents: number) => `Standard rate ${type}: ${euros(cents)}`,
    byDefault: '(default)',
    deleted: (name: string) => `Variant ${name} deleted`,
    version: (name: string, version: number | null, text: string) => `Variant ${name} v${version}: ${text}`,
    tiers: (tiers: Tier[]) => `${tiers.length} tiers (${tiers.map((t) => `${euros(t.amount_cents)} from ${t.min_sales} to ${t.max_sales ?? '∞'}`).join(', ')})`,
    fixed: (cents: number) => `${euros(cents)} fixed`,
  },
} as const;

/** One line saying what a rate change set: a standard rate, a variant's version (its tiers or fixed amount), an affiliate's settings or commission. */
export function describeRateChange(type: string, data: Data, variant: { name: string | null; version: number | null }, language: SummaryLanguage = 'fr'): string {
  const text = RATE_TEXT[language];
  switch (type) {
    case 'StandardRateChanged':
      return text.standard(String(data.payment_type).toUpperCase(), Number(data.amount_cents));
    case 'ReferralCommissionRateChanged':
    case 'PaymentSettingsChanged':
      return describeEvent(type, data, variant.name, language);
    case 'PaymentVariantDeleted':
      return text.deleted(variant.name ?? '');
    default:
      return text.version(String(data.name), variant.version, data.is_evolutionary ? text.tiers(Array.isArray(data.tiers) ? (data.tiers as Tier[]) : []) : text.fixed(Number(data.base_amount_cents)));
  }
}

/** The standard rate a payment type had before its first change: the default, which no event records. */
export const describeDefaultStandardRate = (paymentType: string, language: SummaryLanguage = 'fr'): string =>
  `${RATE_TEXT[language].standard(paymentType.toUpperCase(), DEFAULT_STANDARD_RATE_CENTS)} ${RATE_TEXT[language].byDefault}`;
