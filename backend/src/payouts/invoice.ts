import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { creditNoteReferenceText, formatAffiliateId, formatPaymentReference, lineOfferName, type PaymentMethodDetails } from '@affilux/contract';
// Before pdfmake (and so pdfkit) is loaded: every document then shares the fonts parsed once.
import './sharedFonts';
import pdfmake from 'pdfmake';
import { euros, frenchDate, percentText } from '../http/frenchText';
import { addDaysTo, dayOf, daysOfWeek } from '../time/calendar';
import type { LedgerLine, PayoutIssuedData, PayoutItem } from './events';

/** Who a payout was paid to, as the snapshot taken when it was issued says (payout_payment_methods). */
export type InvoiceHolder = PaymentMethodDetails & { unique_id: number; first_name: string; last_name: string };
export type InvoiceInput = { number: number; payout: PayoutIssuedData; holder: InvoiceHolder };

/** The network's side of the self-billing statement. */
export const NETWORK = { name: 'Affilux', description: "Réseau d'affiliation", email: 'support@affilux.com', hours: 'du lundi au vendredi, 9h-18h CET' } as const;
/** Disputes within 5 days of publication (terms of service). */
export const DISPUTE_DAYS = 5;

// Fixed fonts: Roboto as pdfmake ships it, loaded once into pdfmake's own file system (nothing else is read).
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts/Roboto');
const FONT_FILES = { normal: 'Roboto-Regular.ttf', bold: 'Roboto-Medium.ttf', italics: 'Roboto-Italic.ttf', bolditalics: 'Roboto-MediumItalic.ttf' };
for (const file of Object.values(FONT_FILES)) pdfmake.virtualfs.writeFileSync(file, fs.readFileSync(path.join(fontDir, file)));
pdfmake.setFonts({ Roboto: FONT_FILES });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

const KIND = { essay: 'essais', bill: 'ventes' } as const;

function offerText(line: LedgerLine): string {
  const name = lineOfferName(line, { noOffer: 'Sans offre', deletedOffer: 'Offre supprimée' });
  return line.offer_id && line.offer_name ? `${name} (${formatAffiliateId(line.offer_unique_id ?? 0)})` : name;
}

function rateText(line: LedgerLine): string {
  if (line.rate_kind === 'standard') return 'tarif standard';
  const variant = `${line.variant_name ?? 'variante'} v${line.variant_version ?? 1}`;
  return line.rate_kind === 'tiers' ? `${variant}, palier ${line.tier_level}` : variant;
}

/** "du 16/11/2026 au 22/11/2026". */
export function weekDates(week: string): string {
  const days = daysOfWeek(week);
  return `du ${frenchDate(days[0]!)} au ${frenchDate(days[6]!)}`;
}

/** Roboto has no arrow: labels recorded with one ("palier 2 → 3") are printed with "->". */
const printable = (text: string) => text.replace(/→/g, '->');
const cell = (text: string, style: Record<string, unknown> = {}) => ({ text: printable(text), ...style });
const right = { alignment: 'right' };

function itemRows(item: PayoutItem): Record<string, unknown>[][] {
  const rows: Record<string, unknown>[][] = [
    [cell(item.label + (item.carried ? ' (reporté)' : ''), { colSpan: 3, bold: true }), {}, {}, cell(euros(item.amount_cents), { ...right, bold: true })],
  ];
  for (const line of item.lines) {
    rows.push([
      cell(`${offerText(line)} : ${KIND[line.paid_kind]}, ${rateText(line)}`, { margin: [10, 0, 0, 0] }),
      cell(String(line.count), right),
      cell(euros(line.rate_cents), right),
      cell(euros(line.amount_cents), { ...right, color: '#555555' }),
    ]);
  }
  if (item.source.type === 'referral') {
    const { base_cents, rate_tenths, exact_thousandths, rounded_cents } = item.source;
    const exact = `${(exact_thousandths / 100_000).toFixed(5).replace('.', ',')} EUR`;
    rows.push([
      cell(`${percentText(rate_tenths)} de ${euros(base_cents)} = ${exact}, arrondi au centime le plus proche (demi vers le haut) : ${euros(rounded_cents)}`, {
        colSpan: 4, margin: [10, 0, 0, 0], italics: true, color: '#555555',
      }),
      {}, {}, {},
    ]);
  }
  return rows;
}

type Frame = {
  /** The document's kind and number, as its title and footer name it. */
  title: string;
  footer: string;
  subject: string;
  issuedOn: string;
  /** The right-hand block of the heading, under the kind. */
  heading: string[];
  kind: string;
  notice: string;
  payout: PayoutIssuedData;
  holder: InvoiceHolder;
  totals: (string | Record<string, unknown>)[][];
  closing: (string | Record<string, unknown>)[];
};

/** What the invoice and the credit note share: the parties, the items down to their lines, and the fixed fonts and metadata. */
function documentDefinition(frame: Frame): Record<string, unknown> {
  const { holder, payout } = frame;
  const method =
    holder.type === 'crypto'
      ? [`Cryptomonnaie : ${holder.crypto_name ?? ''}`, `Adresse : ${holder.crypto_address ?? ''}`]
      : [`Virement bancaire : ${holder.company_name ?? ''}`, `SIRET : ${holder.siret ?? ''}`, `IBAN : ${maskIban(holder.iban ?? '')}`, `${holder.address ?? ''}, ${holder.country ?? ''}`];
  const body = [
    [cell('Désignation', { bold: true }), cell('Quantité', { bold: true, ...right }), cell('Taux', { bold: true, ...right }), cell('Montant', { bold: true, ...right })],
    ...payout.lines.flatMap(itemRows),
  ];
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    compress: true,
    info: {
      title: frame.title,
      author: NETWORK.name,
      subject: frame.subject,
      creator: NETWORK.name,
      producer: `${NETWORK.name} (pdfmake)`,
      creationDate: new Date(`${frame.issuedOn}T00:00:00Z`),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.2 },
    footer: (page: number, pages: number) => ({ text: `${frame.footer} — page ${page}/${pages}`, alignment: 'center', fontSize: 8, color: '#666666', margin: [0, 20, 0, 0] }),
    content: [
      {
        columns: [
          { stack: [{ text: NETWORK.name, fontSize: 18, bold: true }, NETWORK.description, NETWORK.email] },
          { stack: [{ text: frame.kind, bold: true, fontSize: 12 }, ...frame.heading], alignment: 'right' },
        ],
      },
      { text: ' ' },
      {
        columns: [
          { stack: [{ text: 'Émetteur (pour le compte de l’affilié)', bold: true }, NETWORK.name, NETWORK.email] },
          {
            stack: [{ text: 'Affilié', bold: true }, `${holder.first_name} ${holder.last_name}`, `Identifiant ${formatAffiliateId(holder.unique_id)}`, ...method],
          },
        ],
      },
      { text: ' ' },
      { text: frame.notice, fontSize: 8, color: '#444444' },
      { text: ' ' },
      { table: { headerRows: 1, widths: ['*', 50, 70, 80], body }, layout: 'lightHorizontalLines' },
      { text: ' ' },
      { table: { widths: ['*', 110], body: frame.totals }, layout: 'noBorders' },
      { text: ' ' },
      ...frame.closing,
    ],
  };
}

/** The document definition: pure, so the same payout always gives the same document. */
export function invoiceDefinition({ number, payout, holder }: InvoiceInput): Record<string, unknown> {
  const issuedOn = dayOf(new Date(payout.issued_at));
  const reference = formatPaymentReference(number);
  return documentDefinition({
    title: `Relevé d'autofacturation n° ${reference}`,
    footer: `Relevé n° ${reference}`,
    subject: `Paiement de la semaine ${payout.week}`,
    issuedOn,
    kind: "RELEVÉ D'AUTOFACTURATION",
    heading: [`N° ${reference}`, `Date d'émission : ${frenchDate(issuedOn)}`, `Semaine ${payout.week} (${weekDates(payout.week)})`],
    notice:
      "Facture émise par Affilux au nom et pour le compte de l'affilié (autofacturation). Chaque ligne reprend les gains de la semaine par offre, type de conversion, palier, taux et version de variante, les corrections de semaines déjà closes avec leur cause, les commissions de parrainage et les ajustements.",
    payout,
    holder,
    totals: [
      ['Solde reporté des semaines précédentes (inclus ci-dessus)', cell(euros(payout.carried_in_cents), right)],
      [cell('Total payé', { bold: true }), cell(euros(payout.total_cents), { ...right, bold: true })],
    ],
    closing: [
      `Moyen de paiement : ${holder.type === 'crypto' ? 'cryptomonnaie' : 'virement bancaire'} — paiement du ${frenchDate(issuedOn)} (automatique le mercredi suivant la semaine).`,
      `Réclamations : dans les ${DISPUTE_DAYS} jours suivant la publication, soit au plus tard le ${frenchDate(addDaysTo(issuedOn, DISPUTE_DAYS))}, à ${NETWORK.email}.`,
      { text: `Référence de paiement : ${reference}. Montants en euros.`, color: '#444444' },
    ],
  });
}

/** A failed payout's credit note: its own number, the invoice it cancels, and why the payout failed. */
export type CreditNoteInput = { number: number; invoiceNumber: number; payout: PayoutIssuedData; holder: InvoiceHolder; failure: { reason: string; failed_at: string } };

/**
 * The credit note cancelling a failed payout's invoice, as pure as the invoice: dated the day the
 * payout was reported failed, it repeats the invoice's items, which are back in the balance.
 */
export function creditNoteDefinition({ number, invoiceNumber, payout, holder, failure }: CreditNoteInput): Record<string, unknown> {
  const issuedOn = dayOf(new Date(failure.failed_at));
  const reference = creditNoteReferenceText(number);
  const invoice = formatPaymentReference(invoiceNumber);
  return documentDefinition({
    title: `Avoir d'autofacturation n° ${reference}`,
    footer: `Avoir n° ${reference}`,
    subject: `Annulation du relevé n° ${invoice} (semaine ${payout.week})`,
    issuedOn,
    kind: "AVOIR D'AUTOFACTURATION",
    heading: [`N° ${reference}`, `Date d'émission : ${frenchDate(issuedOn)}`, `Annule le relevé n° ${invoice}`, `Semaine ${payout.week} (${weekDates(payout.week)})`],
    notice:
      `Avoir émis par Affilux au nom et pour le compte de l'affilié (autofacturation). Il annule le relevé n° ${invoice} du ${frenchDate(dayOf(new Date(payout.issued_at)))}, ` +
      `dont le paiement n'a pas abouti (motif : ${failure.reason}). Les éléments ci-dessous reviennent au solde de l'affilié et seront payés avec un prochain paiement, sur un nouveau relevé.`,
    payout,
    holder,
    totals: [[cell(`Total de l'avoir (relevé n° ${invoice} annulé)`, { bold: true }), cell(euros(-payout.total_cents), { ...right, bold: true })]],
    closing: [{ text: `Avoir n° ${reference}, annulant le relevé n° ${invoice}. Montants en euros.`, color: '#444444' }],
  });
}

/** Only the last four characters of an IBAN are printed. */
const maskIban = (iban: string) => (iban.length > 4 ? `${'•'.repeat(4)} ${iban.slice(-4)}` : iban);

/** The invoice's PDF: the same payout, number and snapshot always give the same bytes (no clock, fixed fonts and metadata). */
export async function renderInvoice(input: InvoiceInput): Promise<Buffer> {
  return pdfmake.createPdf(invoiceDefinition(input)).getBuffer();
}

/** The credit note's PDF, as reproducible as the invoice's. */
export async function renderCreditNote(input: CreditNoteInput): Promise<Buffer> {
  return pdfmake.createPdf(creditNoteDefinition(input)).getBuffer();
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
