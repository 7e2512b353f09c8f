import { describe, expect, it } from 'vitest';
import type { PayoutIssuedData } from './events';
import { creditNoteDefinition, invoiceDefinition, renderCreditNote, renderInvoice, sha256, type InvoiceHolder } from './invoice';
import { renderInvoiceInWorker, renderInWorker } from './invoiceRendering';
import { sharedFonts } from './sharedFonts';

const payout: PayoutIssuedData = {
  payout_id: 'p1', user_id: 'u1', week: '2026-W47', item_ids: ['w', 'c'], carried_in_cents: 0, total_cents: 79_000,
  payment_method_type: 'crypto', payment_method_event_id: 'pm', computed_at: '1/2', issued_at: '2026-11-25T05:00:00.000Z',
  lines: [
    {
      item_id: 'w', kind: 'week', amount_cents: 73_000, week: '2026-W47', label: 'Semaine 2026-W47 (du 16/11/2026 au 22/11/2026)', source: { type: 'week', event_id: 'e' }, carried: false,
      lines: [{ offer_id: 'o', offer_name: 'LoveMatch', offer_unique_id: 10001, paid_kind: 'bill', rate_kind: 'tiers', tier_level: 3, rate_cents: 4000, variant_id: 'v', variant_version: 2, variant_name: 'Gold', count: 16, amount_cents: 64_000 }],
    },
    { item_id: 'c', kind: 'correction', amount_cents: 6000, week: '2026-W45', label: 'Correction 2026-W45 : +2 ventes, palier 2 → 3, +60,00 EUR', source: { type: 'correction', event_id: 'e2' }, carried: false, lines: [] },
  ],
};
const holder: InvoiceHolder = {
  unique_id: 10002, first_name: 'Bob', last_name: 'Vente', type: 'crypto', crypto_name: 'USDT', crypto_address: 'TXYZ', company_name: null, siret: null, iban: null, address: null, country: null,
};
const text = (definition: unknown) => JSON.stringify(definition);

describe('an invoice', () => {
  it('keeps the bytes it had when every document parsed its fonts anew, now that the parsed fonts are shared between documents', async () => {
    expect(sharedFonts.active).toBe(true);
    // Hashes rendered before the fonts were shared (each document parsing the font files itself), in the other order.
    const before = { 7: '9eee586e414fc884c3fccd8813e68bd2545e156da8b438471f6982e8de62b7b0', 8: 'a0d40cc8930db00049e48bf26fc5d5b88c74ac6642ad4d322ccd71ee142cfb74' };
    expect(sha256(await renderInvoice({ number: 8, payout, holder }))).toBe(before[8]);
    expect(sha256(await renderInvoice({ number: 7, payout, holder }))).toBe(before[7]);
  });


  it('has the same bytes rendered in the worker threads as in process, several at once, and a payout that cannot be drawn fails alone', async () => {
    const numbers = [7, 8, 9, 10];
    const inWorkers = await Promise.all(numbers.map((number) => renderInvoiceInWorker({ number, payout, holder })));
    expect(inWorkers.map(sha256).slice(0, 2)).toEqual(['9eee586e414fc884c3fccd8813e68bd2545e156da8b438471f6982e8de62b7b0', 'a0d40cc8930db00049e48bf26fc5d5b88c74ac6642ad4d322ccd71ee142cfb74']);
    for (const [k, number] of numbers.entries()) expect(sha256(inWorkers[k]!)).toBe(sha256(await renderInvoice({ number, payout, holder })));
    const broken = { ...payout, lines: null } as unknown as PayoutIssuedData;
    await expect(renderInvoiceInWorker({ number: 11, payout: broken, holder })).rejects.toThrow(/Invoice 11 could not be rendered/);
    expect(sha256(await renderInvoiceInWorker({ number: 7, payout, holder }))).toBe(sha256(inWorkers[0]!));
  });

  it('gives the same bytes for the same payout, whenever it is rendered', async () => {
    const first = await renderInvoice({ number: 7, payout, holder });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await renderInvoice({ number: 7, payout, holder });
    expect(sha256(again)).toBe(sha256(first));
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(await renderInvoice({ number: 8, payout, holder }))).not.toBe(sha256(first));
  });

  it('is dated by its issue, not by the time it is rendered, and names no random producer', () => {
    const definition = invoiceDefinition({ number: 7, payout, holder }) as { info: Record<string, unknown> };
    expect(definition.info).toEqual({
      title: "Relevé d'autofacturation n° 0007", author: 'Affilux', subject: 'Paiement de la semaine 2026-W47', creator: 'Affilux', producer: 'Affilux (pdfmake)',
      creationDate: new Date('2026-11-25T00:00:00Z'),
    });
  });

  it('says in French what was paid: number, week and its dates, the affiliate, every line, the total, the method and the dispute deadline', () => {
    const all = text(invoiceDefinition({ number: 7, payout, holder }));
    for (const part of [
      "RELEVÉ D'AUTOFACTURATION", 'N° 0007', "Date d'émission : 25/11/2026", 'Semaine 2026-W47 (du 16/11/2026 au 22/11/2026)', 'Bob Vente', 'Identifiant 10002',
      'Cryptomonnaie : USDT', 'LoveMatch (10001) : ventes, Gold v2, palier 3', '640,00 EUR', 'Correction 2026-W45 : +2 ventes, palier 2 -> 3, +60,00 EUR',
      'Total payé', '790,00 EUR', 'soit au plus tard le 30/11/2026',
    ]) {
      expect(all).toContain(part);
    }
  });
});

describe('a credit note', () => {
  const failure = { reason: 'Adresse refusée par le prestataire', failed_at: '2026-11-26T09:00:00.000Z' };

  it('cancels the invoice it names, on the day the payout was reported failed, with its items and a negative total', () => {
    const definition = text(creditNoteDefinition({ number: 3, invoiceNumber: 42, payout, holder, failure }));
    for (const expected of [
      "AVOIR D'AUTOFACTURATION", 'N° AV-0003', "Date d'émission : 26/11/2026", 'Annule le relevé n° 0042', 'Semaine 2026-W47 (du 16/11/2026 au 22/11/2026)',
      'Il annule le relevé n° 0042 du 25/11/2026', "motif : Adresse refusée par le prestataire", 'LoveMatch (10001) : ventes, Gold v2, palier 3',
      "Total de l'avoir (relevé n° 0042 annulé)", '-790,00 EUR', 'Bob Vente', 'Identifiant 10002',
    ]) expect(definition).toContain(expected);
    expect(definition).not.toContain('Total payé');
  });

  it('has the same bytes whenever and wherever it is drawn', async () => {
    const input = { number: 3, invoiceNumber: 42, payout, holder, failure };
    const inProcess = sha256(await renderCreditNote(input));
    expect(sha256(await renderCreditNote(input))).toBe(inProcess);
    expect(sha256(await renderInWorker({ kind: 'credit_note', input }))).toBe(inProcess);
    expect(sha256(await renderCreditNote({ ...input, number: 4 }))).not.toBe(inProcess);
  });
});
