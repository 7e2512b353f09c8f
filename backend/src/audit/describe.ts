import { creditNoteReferenceText, MINIMUM_PAYOUT_CENTS, type CarryOverReason } from '@affilux/contract';
import { euros, percentText } from '../http/frenchText';

type Data = Record<string, unknown>;
const eur = (cents: unknown) => euros(Number(cents ?? 0));

const CARRY_OVER_TEXT: Record<CarryOverReason, string> = {
  below_minimum: `solde inférieur au minimum de ${euros(MINIMUM_PAYOUT_CENTS)}`,
  no_payment_method: 'aucun moyen de paiement',
  account_frozen: 'compte gelé',
};

/** One line in French saying what an event recorded, for the history's list and its CSV; `variantName`: the name of the variant the event names. */
export function describeEvent(type: string, data: Data, variantName: string | null = null): string {
  switch (type) {
    case 'AffiliateAccountOpened':
      return `Compte affilié ouvert (${String(data.unique_id).padStart(5, '0')})`;
    case 'AdminAccountCreated':
      return 'Compte administrateur créé';
    case 'AuditorAccountCreated':
      return 'Compte auditeur créé';
    case 'PaymentSettingsChanged':
      return `Paramètres de paiement : ${String(data.payment_type).toUpperCase()}, ${data.variant_id ? `variante ${variantName ?? String(data.variant_id)}` : 'taux standard'}`;
    case 'ReferralCommissionRateChanged':
      return `Commission de parrainage : ${percentText(Number(data.referral_commission_tenths))}`;
    case 'ReferrerAssigned':
      return data.referred_by === null ? 'Parrain retiré' : `Parrain : ${String(data.referred_by).padStart(5, '0')}`;
    case 'ManagerAssigned':
      return data.manager_id ? 'Manager assigné' : 'Manager retiré';
    case 'PaymentMethodChanged':
      return `Moyen de paiement enregistré (${String(data.type)})`;
    case 'PaymentMethodRemoved':
      return 'Moyen de paiement supprimé';
    case 'AccountFrozen':
      return 'Compte gelé';
    case 'AccountUnfrozen':
      return 'Compte dégelé';
    case 'EmailVerified':
      return 'Email vérifié';
    case 'EmailChanged':
      return 'Email modifié';
    case 'PasswordChanged':
      return data.reason === 'reset' ? 'Mot de passe réinitialisé' : 'Mot de passe modifié';
    case 'ProfileUpdated':
      return 'Profil modifié';
    case 'SignedIn':
      return 'Connexion';
    case 'WeekEarningsRecorded':
      return `Semaine ${String(data.week)} : ${Array.isArray(data.days) ? data.days.length : 0} jour(s) tarifé(s)`;
    case 'WeekClosed':
      return `Semaine ${String(data.week)} close : ${eur(data.total_cents)}`;
    case 'WeekCorrected':
      return `Correction ${String(data.label)}`;
    case 'LedgerItemPosted':
      return `${String(data.label)} : ${eur(data.amount_cents)}`;
    case 'BalanceCarriedOver':
      return `Solde reporté (${String(data.week)}, ${CARRY_OVER_TEXT[data.reason as CarryOverReason] ?? String(data.reason)}) : ${eur(data.balance_cents)}`;
    case 'ItemsSettled':
      return `Éléments payés (${String(data.week)}) : ${eur(data.amount_cents)}`;
    case 'ItemsReopened':
      return `Éléments remis au solde (paiement en échec) : ${eur(data.amount_cents)}`;
    case 'BalanceWrittenOff':
      return `Solde radié : ${eur(data.amount_cents)}`;
    case 'DormancyWarned':
      return `Avertissement d'inactivité : ${eur(data.balance_cents)}`;
    case 'PayoutIssued':
      return `Paiement ${String(data.week)} émis : ${eur(data.total_cents)}`;
    case 'InvoiceIssued':
      return `Facture n° ${String(data.number).padStart(4, '0')} (SHA-256 ${String(data.sha256).slice(0, 12)}…)`;
    case 'PayoutPaid':
      return 'Paiement envoyé';
    case 'PayoutFailed':
      return `Paiement en échec : ${String(data.reason)}`;
    case 'CreditNoteIssued':
      return `Avoir n° ${creditNoteReferenceText(Number(data.number))} annulant la facture (SHA-256 ${String(data.sha256).slice(0, 12)}…)`;
    default:
      return type;
  }
}
