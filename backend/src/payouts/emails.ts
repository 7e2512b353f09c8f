import { creditNoteReferenceText, formatPaymentReference, MINIMUM_PAYOUT_CENTS } from '@affilux/contract';
import { euros, frenchDate } from '../http/frenchText';
import { composeEmail } from '../mail/emailLayout';
import type { Mail } from '../mail/mailer';
import { dayOf } from '../time/calendar';
import { weekDates } from './invoice';

/** The affiliate's payments page; the label names the document the mail is about, if any (a carried-over balance has none). */
const paymentsLink = (publicUrl: string, label = 'Voir mes paiements') => ({ label, url: `${publicUrl}/affiliate/payments` });

/** The payout is issued: amount, week, reference, and where to download the invoice. */
export function payoutIssuedEmail(to: string, firstName: string, payout: { week: string; total_cents: number; number: number }, publicUrl: string): Mail {
  return composeEmail(to, {
    subject: `Votre paiement de la semaine ${payout.week} : ${euros(payout.total_cents)}`,
    title: 'Votre paiement est en route',
    paragraphs: [
      `Bonjour ${firstName},`,
      `Votre paiement de ${euros(payout.total_cents)} pour la semaine ${payout.week} (${weekDates(payout.week)}) est émis, référence ${formatPaymentReference(payout.number)}.`,
      'Le relevé d’autofacturation détaille chaque ligne : gains par offre et palier, corrections, commissions de parrainage. Vous disposez de 5 jours pour toute réclamation.',
    ],
    action: paymentsLink(publicUrl, 'Voir mes paiements et la facture'),
  });
}

/** The balance stays for a later week: it is under the 500.00 EUR minimum. At most once a week (one mail per carry-over, one carry-over per week). */
export function carriedOverEmail(to: string, firstName: string, carry: { week: string; balance_cents: number }, publicUrl: string): Mail {
  return composeEmail(to, {
    subject: `Votre solde de ${euros(carry.balance_cents)} est reporté`,
    title: 'Solde reporté à la semaine prochaine',
    paragraphs: [
      `Bonjour ${firstName},`,
      `Votre solde de ${euros(carry.balance_cents)} (jusqu’à la semaine ${carry.week}) n’atteint pas le minimum de paiement de ${euros(MINIMUM_PAYOUT_CENTS)} : il est reporté et s’ajoutera à vos prochains gains.`,
      `Il vous manque ${euros(MINIMUM_PAYOUT_CENTS - carry.balance_cents)} pour être payé.`,
    ],
    action: paymentsLink(publicUrl),
  });
}

/** A payout reported failed: why, its invoice cancelled by a credit note, and its amount back in the balance. */
export function payoutFailedEmail(
  to: string, firstName: string, failed: { week: string; total_cents: number; invoice: number; creditNote: number; reason: string }, publicUrl: string,
): Mail {
  return composeEmail(to, {
    subject: `Votre paiement de la semaine ${failed.week} n’a pas abouti`,
    title: 'Votre paiement n’a pas abouti',
    paragraphs: [
      `Bonjour ${firstName},`,
      `Votre paiement de ${euros(failed.total_cents)} pour la semaine ${failed.week} (référence ${formatPaymentReference(failed.invoice)}) n’a pas abouti : ${failed.reason}.`,
      `Son relevé est annulé par l’avoir ${creditNoteReferenceText(failed.creditNote)}, et son montant est revenu à votre solde : il sera payé avec un prochain paiement.`,
      'Vérifiez votre moyen de paiement dans votre compte, ou contactez votre manager.',
    ],
    action: paymentsLink(publicUrl, 'Voir mes paiements et l’avoir'),
  });
}

/** Day 60 without movement: the balance may be reduced to zero from day 90. */
export function dormancyWarningEmail(to: string, firstName: string, warning: { balance_cents: number; last_movement_at: string; write_off_from: string }, publicUrl: string): Mail {
  return composeEmail(to, {
    subject: 'Votre solde inactif pourra être remis à zéro',
    title: 'Solde inactif depuis 60 jours',
    paragraphs: [
      `Bonjour ${firstName},`,
      `Votre solde de ${euros(warning.balance_cents)} n’a connu aucun mouvement depuis le ${frenchDate(dayOf(new Date(warning.last_movement_at)))}.`,
      `Conformément aux conditions, un solde inchangé pendant plus de 90 jours peut être réduit à 0 : sans mouvement d’ici là, il le sera à partir du ${frenchDate(warning.write_off_from)}.`,
      'Contactez votre manager ou support@affilux.com pour être payé.',
    ],
    action: paymentsLink(publicUrl),
  });
}

export function writeOffEmail(to: string, firstName: string, writeOff: { amount_cents: number; last_movement_at: string; at: string }, publicUrl: string): Mail {
  return composeEmail(to, {
    subject: 'Votre solde a été remis à zéro',
    title: 'Solde remis à zéro',
    paragraphs: [
      `Bonjour ${firstName},`,
      `Votre solde de ${euros(writeOff.amount_cents)}, sans mouvement depuis le ${frenchDate(dayOf(new Date(writeOff.last_movement_at)))}, a été remis à zéro le ${frenchDate(dayOf(new Date(writeOff.at)))}, comme annoncé par l’avertissement d’inactivité.`,
      'Il peut être réintégré : contactez votre manager ou support@affilux.com.',
    ],
    action: paymentsLink(publicUrl),
  });
}
