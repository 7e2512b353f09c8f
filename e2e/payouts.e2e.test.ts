import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReferenceText, type AffiliatePaymentsData, type PaymentHistoryRow, type WrittenOffBalance } from '@affilux/contract';
import { DESKTOP, launchBrowser, newContext, openPage, PHONE, screenshot, TOURS } from './browser';
import { padded, plain, settled, textOf, toast, top } from './screens';
import { openBackOffice, openSignedIn, switchBackOfficeToEnglish } from './portal';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { createOffer, importFile, settableClock, statRow } from '../test/figuresSetup';
import { download, moneyJobs, paris, payTrialsOfWeek46 } from '../test/payoutsSetup';

/**
 * Weekly payouts as the people concerned see them, on real figures: Camille (referred by Sophie,
 * 10 % commission) earns 30 trials at 20.00 in 2026-W46 through the daily import; the admin runs
 * the payout of that week on the Wednesday after it. Camille sees her payment, opens its
 * explanation and downloads her invoice; the admin sees the stats, the history and the preview and
 * downloads the same invoice (same bytes, and the SHA-256 the log recorded); Sophie's referral page
 * shows her referred affiliate and her rate.
 */
const clock = settableClock('2026-11-02T09:00:00Z');
const WEEK = '2026-W46';
let server: ApiHarness;
let browser: Browser;
let admin: string;
let camille: TestAffiliate;
let sophie: TestAffiliate;
let payout: PaymentHistoryRow;
let recordedSha256: string;
let offer: { id: string; uniqueId: number };

async function downloaded(download: Download): Promise<{ name: string; bytes: Buffer }> {
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await fs.readFile(file!) };
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true, clock: clock.now }), launchBrowser()]);
  admin = await server.login(server.admin.email, server.admin.password);
  sophie = await server.createAffiliate({ firstName: 'Sophie', lastName: 'Bernard', email: 'sophie.bernard@example.test' });
  camille = await server.createAffiliate({ firstName: 'Camille', lastName: 'Durand', email: 'camille.durand@example.test' });
  const set = async (method: string, path: string, body: unknown) => expect((await server.call(method, path, { token: admin, body })).status, path).toBe(200);
  await set('PUT', `/admin/users/${sophie.id}/referral-commission`, { referral_commission_rate: 10 });
  await set('PUT', `/admin/users/${camille.id}/referral`, { referred_by: sophie.uniqueId });
  await set('POST', `/admin/users/${camille.id}/payment-method`, { type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: 'TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT' });
  offer = await createOffer(server, admin, { brand_name: 'LoveMatch', intake: 'import' });

  // 2026-W46: 20 trials on Monday and 10 on Tuesday at the standard 20.00: 600.00, paid on the Wednesday after.
  payout = await payTrialsOfWeek46(server, admin, clock, camille, offer);
  expect(payout).toMatchObject({ amount: '600.00', week_label: WEEK, status: 'paid', payment_method_type: 'crypto' });
  expect(payout.reference).not.toBeNull();
  // The SHA-256 the API reports with the invoice (and the log recorded when it was issued).
  const invoice = await download(server, `/admin/payments/${payout.id}/download-invoice`, admin);
  expect(invoice.status).toBe(200);
  recordedSha256 = invoice.sha256!;
  const { rows } = await server.db.pool.query<{ sha256: string }>("SELECT data->>'sha256' AS sha256 FROM events WHERE type = 'InvoiceIssued'");
  expect(rows.map((row) => row.sha256)).toContain(recordedSha256);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('weekly payouts in the portal and the back office', () => {
  it('Camille sees her payment, opens its explanation line by line and downloads her invoice (a PDF with the recorded SHA-256)', async () => {
    const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token: await server.login(camille.email, camille.password), path: '/affiliate', language: 'fr' });
    await page.getByTestId('nav-payments').click();
    await page.getByTestId('payments-table').waitFor();

    expect(await textOf(page, 'payments-last-amount')).toBe('600,00 €');
    expect(await textOf(page, 'payments-unpaid-amount')).toBe('0,00 €');
    const row = page.getByTestId(`payment-row-${payout.id}`);
    const cells = plain(await row.innerText());
    expect(cells).toContain('600,00 €');
    expect(cells).toContain(String(payout.reference).padStart(4, '0'));
    expect(cells).toContain(WEEK);
    expect(cells).toContain('Crypto-monnaie');
    await screenshot(page, 'payouts', 'affiliate-payments-fr-1280');

    await page.getByTestId(`payment-details-${payout.id}`).click();
    await page.getByTestId('explanation-total').waitFor();
    expect(await textOf(page, 'explanation-total')).toBe('600,00 €');
    const lines = plain(await page.getByTestId('explanation-week-earnings').innerText());
    expect(lines).toContain('LoveMatch');
    expect(lines).toContain('Essais');
    expect(lines).toContain('20,00 €');
    expect(lines).toContain('30');
    expect(await textOf(page, 'explanation-week')).toContain('du 9 novembre 2026 au 15 novembre 2026');
    await settled(page);
    await screenshot(page, 'payouts', 'affiliate-explanation-fr-1280', { fullPage: false });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('explanation-invoice').click()]);
    await toast(page, 'Facture téléchargée avec succès');
    const invoice = await downloaded(download);
    expect(invoice.name).toBe(`${padded(camille.uniqueId)}_${WEEK}.pdf`);
    expect(invoice.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256(invoice.bytes)).toBe(recordedSha256);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Sophie's referral page shows her referred affiliate, her unpaid commission and her rate with one decimal", async () => {
    const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token: await server.login(sophie.email, sophie.password), path: '/affiliate', language: 'fr' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('nav-referral').click();
    await expect.poll(() => textOf(page, 'referral-count')).toBe('1');
    expect(await textOf(page, 'referral-rate')).toBe('10,0 %');
    expect(await textOf(page, 'referral-unpaid')).toBe('60,00 €');
    expect(await page.getByTestId('referral-link').inputValue()).toBe(`${server.url}/register?ref=${padded(sophie.uniqueId)}`);
    await page.getByTestId('referral-copy').click();
    await toast(page, 'Lien de parrainage copié');
    expect(await page.getByTestId('referral-copy').innerText()).toBe('Copié !');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${server.url}/register?ref=${padded(sophie.uniqueId)}`);
    await screenshot(page, 'payouts', 'affiliate-referral-fr-1280');

    // Her commission waits in her balance: no payment yet, the empty history says so.
    await page.getByTestId('nav-payments').click();
    await page.getByTestId('payments-empty').waitFor();
    expect(await textOf(page, 'payments-unpaid-amount')).toBe('60,00 €');
    expect(await textOf(page, 'payments-threshold')).toBe('Encore 440,00 € pour atteindre le minimum de 500,00 €');
    expect(await textOf(page, 'payments-carried-over')).toBe(`Reporté (semaine ${WEEK}) : solde inférieur au minimum de 500,00 €`);
    expect(await textOf(page, 'payments-last')).toContain('Aucun paiement pour le moment');
    await screenshot(page, 'payouts', 'affiliate-payments-empty-fr-1280');
    expect(errors).toEqual([]);

    // A failed load is the spec's toast (no server message here) and a retry.
    await page.route('**/api/v1/affiliate/account/payments', (route) => route.fulfill({ status: 502, body: '' }));
    await page.reload();
    await toast(page, 'Erreur lors du chargement des données de paiement');
    await page.getByTestId('payments-load-error').waitFor();
    await page.unroute('**/api/v1/affiliate/account/payments');
    await page.getByTestId('payments-load-error').getByRole('button').click();
    await page.getByTestId('payments-empty').waitFor();
    await context.close();
  });

  it('the admin sees the stats, the history and the preview, and downloads the same invoice as a receipt', async () => {
    const { page, errors, context } = await openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: admin, language: 'fr' });
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Paiements' }).click();
    await page.getByTestId('payments-history').waitFor();
    // Earned: Camille's 600.00 and Sophie's 60.00 commission; paid: Camille's 600.00; unpaid: Sophie's 60.00.
    await expect.poll(() => textOf(page, 'payments-tile-totalPaid')).toBe('600,00 €');
    expect(await textOf(page, 'payments-tile-totalEarnings')).toBe('660,00 €');
    expect(await textOf(page, 'payments-tile-unpaidBalance')).toBe('60,00 €');
    expect(await textOf(page, 'payments-tile-monthlyPaid')).toBe('600,00 €');
    const row = plain(await page.getByTestId(`payment-row-${payout.id}`).innerText());
    expect(row).toContain('Camille Durand');
    expect(row).toContain(padded(camille.uniqueId));
    expect(row).toContain('600,00 €');
    expect(row).toContain(WEEK);
    expect(await textOf(page, 'payments-footer')).toBe('1 paiement · total versé 600,00 €');

    await page.getByTestId('payments-search').fill('bernard');
    await page.getByTestId('payments-empty').waitFor();
    await page.getByTestId('payments-search').fill('durand');
    await page.getByTestId(`payment-row-${payout.id}`).waitFor();

    // A week not closed yet is refused; its refusal goes once another week is typed.
    await page.getByTestId('run-week').fill('2026-W47');
    await page.getByTestId('run-preview').click();
    expect(await textOf(page, 'run-preview-error')).toContain("La semaine 2026-W47 n'est pas encore close");
    await page.getByTestId('run-week').fill('2026-W99');
    await page.getByTestId('run-preview-error').waitFor({ state: 'detached' });
    expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 400 .*\/preview\?week=2026-W47\)$/)]);
    await page.getByTestId('run-week').fill(WEEK);
    await page.getByTestId('run-preview').click();
    await page.getByTestId('run-preview-result').waitFor();
    await top(page);
    await screenshot(page, 'payouts', 'admin-payments-fr-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`payment-invoice-${payout.id}`).click()]);
    await toast(page, 'Facture téléchargée avec succès');
    const receipt = await downloaded(download);
    expect(receipt.name).toBe(`receipt_${padded(camille.uniqueId)}_${WEEK}.pdf`);
    expect(sha256(receipt.bytes)).toBe(recordedSha256);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('payments screens on each tour (French at 1280 and 375 px, English at 375 px)', () => {
  for (const { language, viewport, width, tag: suffix } of TOURS) {
    it(`${language} ${width}: the affiliate's payments, a payment's explanation, the referral page; the admin's payments page and its dialogs`, async () => {
      const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token: await server.login(camille.email, camille.password), path: '/affiliate/payments', viewport, language });
      await page.getByTestId(`payment-row-${payout.id}`).waitFor();
      await screenshot(page, 'payouts', `affiliate-payments-${suffix}`);
      await page.getByTestId(`payment-details-${payout.id}`).click();
      await page.getByTestId('explanation-total').waitFor();
      await settled(page);
      await screenshot(page, 'payouts', `affiliate-explanation-${suffix}`, { fullPage: false });
      // A breakdown longer than the screen scrolls by keyboard: its region takes the focus.
      const breakdown = page.getByRole('region', { name: /Paiement|Payment/ });
      await breakdown.focus();
      await page.keyboard.press('End');
      await expect.poll(() => breakdown.evaluate((element) => element.scrollTop >= element.scrollHeight - element.clientHeight - 1)).toBe(true);
      await page.getByTestId('explanation-close').click();
      expect(errors).toEqual([]);
      await context.close();

      const { page: referrerPage, errors: referrerErrors, context: referrerContext } = await openSignedIn(browser, {
        baseURL: server.url, token: await server.login(sophie.email, sophie.password), path: '/affiliate/referral', viewport, language,
      });
      await referrerPage.getByTestId('referral-count').getByText('1').waitFor();
      await screenshot(referrerPage, 'payouts', `affiliate-referral-${suffix}`);
      expect(referrerErrors).toEqual([]);
      await referrerContext.close();

      // In English, the back office is switched from its account menu first, then keeps the choice.
      const { page: adminPage, errors: adminErrors, context: adminContext } = await openSignedIn(browser, {
        baseURL: server.url, token: await server.login(server.admin.email, server.admin.password), path: language === 'en' ? '/admin' : '/admin/payments', viewport, language,
      });
      if (language === 'en') {
        await adminPage.getByTestId('account-menu').waitFor();
        await switchBackOfficeToEnglish(adminPage);
        await adminPage.goto('/admin/payments');
      }
      await adminPage.getByTestId(`payment-row-${payout.id}`).waitFor();
      await adminPage.getByTestId('run-week').fill(WEEK);
      await adminPage.getByTestId('run-preview').click();
      await adminPage.getByTestId('run-preview-result').waitFor();
      await top(adminPage);
      await screenshot(adminPage, 'payouts', `admin-payments-${suffix}`);
      await adminPage.getByTestId('open-adjustment').click();
      await adminPage.getByTestId('adjustment-save').click();
      await settled(adminPage);
      await screenshot(adminPage, 'payouts', `admin-adjustment-${suffix}`, { fullPage: false });
      await adminPage.keyboard.press('Escape');
      await adminPage.getByTestId(`payment-fail-${payout.id}`).click();
      await settled(adminPage);
      await screenshot(adminPage, 'payouts', `admin-fail-${suffix}`, { fullPage: false });
      await adminPage.keyboard.press('Escape');
      expect(adminErrors).toEqual([]);
      await adminContext.close();
    });
  }
});

describe('the back office moves money, each time after a confirmation', () => {
  it('an adjustment credits Camille, her payout marked failed goes back to her balance, and a written-off balance is reinstated', async () => {
    const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP, language: 'fr', token: admin });
    const { page, errors } = await openPage(context);
    const confirm = () => page.getByRole('button', { name: 'Confirmer', exact: true }).click();
    const unpaidOf = async (affiliate: TestAffiliate) => (await server.call<AffiliatePaymentsData>('GET', '/affiliate/account/payments', { token: affiliate.token })).body.unpaidBalance;
    await page.goto('/admin/payments');
    await page.getByTestId(`payment-row-${payout.id}`).waitFor();

    // A manual adjustment: the rules first, then the affiliate, a signed amount and a reason, confirmed.
    await page.getByTestId('open-adjustment').click();
    await page.getByTestId('adjustment-save').click();
    await page.getByText('Choisissez un affilié').waitFor();
    await page.getByText('Le motif est requis (3 caractères au moins)').waitFor();
    await page.getByTestId('adjustment-affiliate').fill('durand');
    await page.getByRole('option', { name: /Camille Durand/ }).click();
    await page.getByTestId('adjustment-amount').fill('25,5');
    await page.getByTestId('adjustment-reason').fill('Bonus de lancement LoveMatch');
    await page.getByTestId('adjustment-save').click();
    await page.getByText(`+25,50 € sur le solde de Camille Durand (#${padded(camille.uniqueId)}), motif : « Bonus de lancement LoveMatch ».`, { exact: false }).waitFor();
    await settled(page);
    await screenshot(page, 'payouts', 'admin-adjustment-confirm-fr-1280', { fullPage: false });
    // The first answer is lost on the way back (the adjustment itself reached the server): the
    // admin confirms again, with the same Idempotency-Key, and Camille is credited once.
    const keys: string[] = [];
    await page.route('**/api/v1/admin/payments/adjustments', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await confirm();
    await toast(page, "Erreur lors de l'enregistrement");
    expect(await unpaidOf(camille)).toBe('25.50');
    await page.getByTestId('adjustment-save').click();
    await confirm();
    await toast(page, 'Ajustement enregistré avec succès');
    await page.unroute('**/api/v1/admin/payments/adjustments');
    expect(errors.splice(0)).toEqual([expect.stringMatching(/^console: Failed to load resource: net::ERR_CONNECTION_RESET .*\/adjustments\)$/)]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await unpaidOf(camille)).toBe('25.50');

    // The payout failed: a reason, confirmed; its amount is back in Camille's balance.
    await page.getByTestId(`payment-fail-${payout.id}`).click();
    await page.getByTestId('fail-reason').fill('Adresse de portefeuille refusée');
    await page.getByTestId('fail-save').click();
    await page.getByText('Paiement de 600,00 € à Camille Durand, motif : « Adresse de portefeuille refusée ».', { exact: false }).waitFor();
    await confirm();
    await toast(page, 'Paiement marqué comme échoué');
    await expect.poll(() => textOf(page, `payment-status-${payout.id}`)).toBe('Échoué');
    expect(await textOf(page, 'payments-footer')).toBe('1 paiement · total versé 0,00 €');
    expect(await unpaidOf(camille)).toBe('625.50');
    // Its invoice is cancelled by a credit note, AV-0001, with the SHA-256 the log recorded.
    const { rows: notes } = await server.db.pool.query<{ sha256: string }>("SELECT data->>'sha256' AS sha256 FROM events WHERE type = 'CreditNoteIssued'");
    expect(notes).toHaveLength(1);
    const creditNote = page.getByTestId(`payment-credit-note-${payout.id}`);
    await expect.poll(() => creditNote.textContent()).toBe('AV-0001');
    const [noteDownload] = await Promise.all([page.waitForEvent('download'), creditNote.click()]);
    await toast(page, 'Avoir téléchargé avec succès');
    const note = await downloaded(noteDownload);
    expect(note.name).toBe(`avoir_${padded(camille.uniqueId)}_${WEEK}.pdf`);
    expect(sha256(note.bytes)).toBe(notes[0]!.sha256);
    await screenshot(page, 'payouts', 'admin-payments-failed-fr-1280');

    // 90 days without movement: both balances are written off (warned at day 60); the admin reinstates Sophie's.
    const jobs = moneyJobs(server);
    await jobs.dormancy(paris('2027-01-20', 7));
    await jobs.dormancy(paris('2027-02-20', 7));
    const { body: writeOffs } = await server.call<WrittenOffBalance[]>('GET', '/admin/payments/write-offs', { token: admin });
    const sophies = writeOffs.find((row) => row.unique_id === sophie.uniqueId)!;
    expect(sophies).toMatchObject({ amount: '60.00', reinstated_at: null });
    expect(await unpaidOf(sophie)).toBe('0.00');
    await page.getByTestId('payments-refresh').click();
    await page.getByTestId(`write-off-reinstate-${sophies.id}`).click();
    await page.getByText(`60,00 € seront remis sur le solde de Sophie Bernard (#${padded(sophie.uniqueId)}).`, { exact: false }).waitFor();
    await confirm();
    await toast(page, 'Solde réintégré avec succès');
    await expect.poll(() => textOf(page, `write-off-${sophies.id}`)).toContain('Réintégré le');
    expect(await page.getByTestId(`write-off-reinstate-${sophies.id}`).count()).toBe(0);
    expect(await unpaidOf(sophie)).toBe('60.00');
    await top(page);
    await screenshot(page, 'payouts', 'admin-payments-after-fr-1280');
    expect(errors).toEqual([]);
    await context.close();

    // Camille sees the failure on her payment and its explanation.
    const { page: affiliatePage, context: affiliateContext } = await openSignedIn(browser, {
      baseURL: server.url, token: await server.login(camille.email, camille.password), path: '/affiliate/payments', viewport: PHONE, language: 'fr',
    });
    await affiliatePage.getByTestId(`payment-row-${payout.id}`).getByText('Échoué').waitFor();
    // Her balance was written off and not reinstated: the page says so, and what to do.
    const camilles = writeOffs.find((row) => row.unique_id === camille.uniqueId)!;
    expect(await textOf(affiliatePage, 'payments-written-off')).toBe(
      `Solde de ${camilles.amount.replace('.', ',')} € remis à zéro le 20 février 2027 après 90 jours sans mouvement : contactez votre manager pour le faire réintégrer.`,
    );
    await settled(affiliatePage);
    await screenshot(affiliatePage, 'payouts', 'affiliate-written-off-fr-375');
    await affiliatePage.getByTestId(`payment-details-${payout.id}`).click();
    await affiliatePage.getByText('Ce paiement a échoué : Adresse de portefeuille refusée. Son montant a été remis dans votre solde.', { exact: false }).waitFor();
    await affiliatePage.getByText(`Sa facture n° ${paymentReferenceText(payout.reference)} est annulée par l'avoir AV-0001`, { exact: false }).waitFor();
    await settled(affiliatePage);
    await screenshot(affiliatePage, 'payouts', 'affiliate-explanation-failed-fr-375', { fullPage: false });
    const [affiliateNote] = await Promise.all([affiliatePage.waitForEvent('download'), affiliatePage.getByTestId('explanation-credit-note').click()]);
    await toast(affiliatePage, 'Avoir téléchargé avec succès');
    expect(sha256((await downloaded(affiliateNote)).bytes)).toBe(notes[0]!.sha256);
    await affiliateContext.close();
  });
});

describe('a week that has ended and is not closed yet', () => {
  it("on Monday, Sophie sees what she earned last week beside her balance: Tuesday's close adds it", async () => {
    clock.set(paris('2026-11-26', 10).toISOString());
    expect((await importFile(server, { token: admin }, { rows: [statRow(sophie, '2026-11-24', { siteGroups: { [offer.uniqueId]: { click: 30, registered: 5, essay: 2, bill: 0 } } })] })).status).toBe(200);
    clock.set(paris('2026-11-30', 9).toISOString());
    const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token: await server.login(sophie.email, sophie.password), path: '/affiliate/payments', viewport: PHONE, language: 'fr' });
    await page.getByTestId('payments-awaiting-close').waitFor();
    expect(await textOf(page, 'payments-awaiting-close')).toBe('+ 40,00 € gagnés la semaine 2026-W48, ajoutés au solde à sa clôture (mardi 00:00)');
    expect(await textOf(page, 'payments-this-week-amount')).toBe('0,00 €');
    await settled(page);
    await screenshot(page, 'payouts', 'affiliate-payments-awaiting-close-fr-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a payment's explanation adds up to its total: the balance carried in is said as part of its lines, not added to them", async () => {
    const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token: await server.login(camille.email, camille.password), path: '/affiliate/payments', language: 'fr' });
    // Camille's payment as if its week had been carried in from an earlier run (the API's own answer, carried_in set).
    await page.route(`**/api/v1/affiliate/account/payments/${payout.id}`, async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), carried_in: '600.00' } });
    });
    await page.getByTestId(`payment-details-${payout.id}`).click();
    expect(await textOf(page, 'explanation-carried-in')).toBe('Dont 600,00 € reportés des semaines précédentes (déjà comptés ci-dessus)');
    expect(await textOf(page, 'explanation-total')).toBe('600,00 €');
    const signed = plain(await page.getByRole('dialog').innerText()).match(/[+−-]\s?[\d\s]+,\d{2}\s?€/g) ?? [];
    expect(signed).toHaveLength(1);
    await settled(page);
    await screenshot(page, 'payouts', 'affiliate-explanation-carried-in-fr-1280', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
