import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail, PaymentMethodAnswer, VariationHistoryEntry } from '@affilux/contract';
import { launchBrowser, screenshot, TOURS } from './browser';
import { openBackOffice, openSignedIn, switchBackOfficeToEnglish } from './portal';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { recordManager, recordVariant } from '../test/catalogueEvents';
import { focused, settled } from './screens';

/**
 * The back office's users administration, as an admin uses it: search, the settings page and its
 * seven modals; then the affiliate sees its payment method and its variation history.
 */
let server: ApiHarness;
let browser: Browser;
let camille: TestAffiliate;
let sophie: TestAffiliate;
let goldId: string;

const padded = (id: number) => String(id).padStart(5, '0');

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  camille = await server.createAffiliate({ firstName: 'Camille', lastName: 'Durand', email: 'camille.durand@example.test', password: 'camille-password' });
  sophie = await server.createAffiliate({ firstName: 'Sophie', lastName: 'Bernard', email: 'sophie.bernard@example.test' });
  // The catalogue's screens come from another piece of work: its variant and manager are recorded as its commands would.
  goldId = await recordVariant(server, {
    payment_type: 'sale', name: 'Gold Vente', base_amount_cents: 2500, is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2500 },
      { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 3000 },
    ],
  });
  await recordManager(server, { nom: 'Julie Roy', telegram: '@julie_affilux', mail: 'julie@affilux.test' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks an option of a MUI select (TextField select) by its visible name. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).getByRole('combobox').click();
  await page.getByRole('option', { name: option }).click();
}

/** The helper text under an input (aria-describedby). */
async function helperOf(page: Page, testId: string): Promise<string> {
  const describedBy = await page.getByTestId(testId).getAttribute('aria-describedby');
  return describedBy ? (await page.locator(`[id="${describedBy}"]`).innerText()).trim() : '';
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

const detailOf = async (userId: string) => {
  const token = await server.login(server.admin.email, server.admin.password);
  return (await server.call<AdminUserDetail>('GET', `/admin/users/${userId}`, { token })).body;
};

describe('users administration: an admin sets up an affiliate, who then sees it on its account page', () => {
  it('search, settings page, the seven modals, then the payment method card and the variation history on /affiliate/account', async () => {
    // An admin travelling in Tokyo: the screens still speak Paris time.
    const { page, errors, context } = await openBackOffice(browser, {
      baseURL: server.url, email: server.admin.email, token: await server.login(server.admin.email, server.admin.password), language: 'fr', timezoneId: 'Asia/Tokyo',
    });

    // Search: the header's Users entry, typing part of the name.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Utilisateurs' }).click();
    await page.getByTestId('user-search').fill('duran');
    await page.getByTestId('user-search-summary').getByText('1 résultat pour « duran »').waitFor();
    const card = page.getByTestId(`user-result-${camille.id}`);
    await card.waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('Camille Durand');
    expect(cardText).toContain(`#${padded(camille.uniqueId)}`);
    expect(cardText).toContain('camille.durand@example.test');
    expect(cardText).toContain('Vérifié');
    expect(await page.getByTestId(`user-result-${sophie.id}`).count()).toBe(0);
    await screenshot(page, 'users', 'journey-search');
    await page.getByTestId(`user-settings-link-${camille.id}`).click();
    await page.waitForURL(`**/admin/users/${camille.id}/settings`);
    await page.getByTestId('user-detail').waitFor();
    expect(await page.getByTestId('section-activity').innerText()).not.toContain('Jamais connecté');

    // Payment settings: SALE with the Gold variant.
    await page.getByTestId('open-payment-settings').click();
    await page.getByTestId('payment-settings-type').locator('input[value="sale"]').check();
    await choose(page, 'payment-settings-variant', 'Gold Vente — 25,00 € · évolutive');
    await page.getByTestId('payment-settings-save').click();
    await toast(page, 'Paramètres de paiement mis à jour avec succès');
    await expect.poll(() => page.getByTestId('section-payment-settings').innerText()).toContain('Gold Vente (v1)');

    // Manager.
    await page.getByTestId('open-manager').click();
    await choose(page, 'manager-select', 'Julie Roy');
    await page.getByTestId('manager-save').click();
    await toast(page, 'Manager assigné avec succès');
    await expect.poll(() => page.getByTestId('section-manager').innerText()).toContain('Julie Roy');

    // Payment method: a bank transfer with a mistyped SIRET and IBAN is refused in the modal, then a crypto wallet is recorded.
    await page.getByTestId('payment-method-edit').click();
    await page.getByTestId('payment-method-type').locator('input[value="bank"]').check();
    await page.getByTestId('payment-method-save').click();
    await toast(page, 'Veuillez remplir tous les champs');
    await page.getByTestId('payment-method-company_name').fill('Durand Media SAS');
    await page.getByTestId('payment-method-siret').fill('732 829 320 0007');
    await page.getByTestId('payment-method-iban').fill('FR76 3000 6000 0112 3456 7890 188');
    await page.getByTestId('payment-method-address').fill('12 rue de la Paix, 75002 Paris');
    await page.getByTestId('payment-method-country').fill('France');
    await page.getByTestId('payment-method-save').click();
    await expect.poll(() => helperOf(page, 'payment-method-siret')).toBe('Le SIRET doit contenir exactement 14 chiffres');
    // The keyboard is taken to the first field in error: a screen reader reads it with its message (the toast is outside the dialog).
    await expect.poll(async () => (await focused(page)).testId).toBe('payment-method-siret');
    expect(await helperOf(page, 'payment-method-iban')).toBe("L'IBAN est invalide : sa clé de contrôle ne correspond pas (vérifiez chaque caractère)");
    await screenshot(page, 'users', 'journey-payment-method-refused', { fullPage: false });
    await page.getByTestId('payment-method-type').locator('input[value="crypto"]').check();
    await page.getByTestId('payment-method-crypto_name').fill('USDT (TRC20)');
    await page.getByTestId('payment-method-crypto_address').fill('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT');
    await page.getByTestId('payment-method-save').click();
    await toast(page, 'Moyen de paiement enregistré avec succès');
    await expect.poll(() => page.getByTestId('section-payment-method').innerText()).toContain('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT');

    // Referral commission.
    await page.getByTestId('open-commission').click();
    await page.getByTestId('commission-input').fill('12,5');
    await page.getByTestId('commission-save').click();
    await toast(page, 'Taux de commission mis à jour avec succès');
    await expect.poll(() => page.getByTestId('commission-rate').innerText()).toBe('12,5\u00a0%');
    // Opened again, the field shows the rate as French writes it.
    await page.getByTestId('open-commission').click();
    expect(await page.getByTestId('commission-input').inputValue()).toBe('12,5');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.getByTestId('commission-input').waitFor({ state: 'detached' });

    // Freeze, confirmed; then unfreeze, confirmed.
    await page.getByTestId('open-freeze').click();
    await page.getByRole('dialog').getByText('Geler le compte de Camille Durand ?').waitFor();
    // Opened on Cancel: Enter pressed once more does not freeze the account unread.
    expect((await focused(page)).text).toBe('Annuler');
    // The tab names the page, as each page of the back office does.
    expect(await page.title()).toBe('Fiche utilisateur · Affilux — Administration');
    await screenshot(page, 'users', 'journey-freeze-confirm', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Geler le compte' }).click();
    await toast(page, 'Compte gelé avec succès');
    await page.getByTestId('account-status').getByTestId('badge-frozen').waitFor();
    expect((await detailOf(camille.id)).is_frozen).toBe(true);
    // A double click opens the confirmation and leaves it open: its second click lands beside it, which closes nothing.
    await page.getByTestId('open-freeze').dblclick();
    await page.getByRole('dialog').getByRole('button', { name: 'Dégeler le compte' }).waitFor();
    await settled(page);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Dégeler le compte' }).click();
    await toast(page, 'Compte dégelé avec succès');
    await page.getByTestId('account-status').getByTestId('badge-frozen').waitFor({ state: 'detached' });

    // Referral: its own code is refused, the sponsor's is assigned.
    await page.getByTestId('open-referral').click();
    await page.getByTestId('manage-referral-input').fill(padded(camille.uniqueId));
    await page.getByTestId('manage-referral-save').click();
    await expect.poll(() => helperOf(page, 'manage-referral-input')).toBe('Un utilisateur ne peut pas se parrainer lui-même');
    await page.getByTestId('manage-referral-input').fill(`# ${padded(sophie.uniqueId)}`);
    expect(await page.getByTestId('manage-referral-input').inputValue()).toBe(padded(sophie.uniqueId));
    await page.getByTestId('manage-referral-save').click();
    await toast(page, 'Parrainage assigné avec succès');
    await expect.poll(() => page.getByTestId('referral-sponsor').innerText()).toBe(`Sophie Bernard (#${padded(sophie.uniqueId)})`);

    // The variation history: the standard PPT period, ended, and the Gold period, current.
    await page.getByTestId('open-history').click();
    const entries = page.getByRole('dialog').getByTestId('variation-history-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).innerText()).toContain('Gold Vente (v1)');
    expect(await entries.nth(0).innerText()).toContain('En cours');
    expect(await entries.nth(1).innerText()).toContain('Tarif standard');
    expect(await entries.nth(1).innerText()).toMatch(/20,00\s€/);
    const [shownPeriod] = (await server.call<VariationHistoryEntry[]>('GET', `/admin/users/${camille.id}/variation-history`, { token: await server.login(server.admin.email, server.admin.password) })).body;
    expect(await entries.nth(0).innerText()).toContain(`Depuis le ${new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(shownPeriod!.start_date))}`);
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await context.close();

    const detail = await detailOf(camille.id);
    expect(detail).toMatchObject({ payment_type: 'sale', variant_id: goldId, manager: { nom: 'Julie Roy' }, referral_commission_rate: 12.5, is_frozen: false, referred_by: sophie.uniqueId });

    // The affiliate, signed in from New York, finds its payment method and the two periods of its rate, dated in Paris time.
    const affiliate = await openSignedIn(browser, {
      baseURL: server.url, token: await server.login(camille.email, camille.password), path: '/affiliate/account', language: 'fr', timezoneId: 'America/New_York',
    });
    const method = affiliate.page.getByTestId('payment-method-details');
    await method.waitFor();
    expect(await method.innerText()).toContain('USDT (TRC20)');
    expect(await method.innerText()).toContain('TXYZa1b2c3d4e5f6g7h8i9j0kLmNoPqRsT');
    expect(await affiliate.page.getByTestId('account-payment-method').innerText()).toContain('uniquement par votre manager');
    await affiliate.page.getByTestId('open-variation-history').click();
    const periods = affiliate.page.getByTestId('variation-history-entry');
    await expect.poll(() => periods.count()).toBe(2);
    expect(await periods.nth(0).innerText()).toMatch(/Gold Vente[\s\S]*25,00\s€[\s\S]*Palier 2 : à partir de 200 ventes · 30,00\s€/);
    expect(await periods.nth(1).innerText()).toMatch(/Du .* au .*[\s\S]*Tarif standard[\s\S]*20,00\s€/);
    const [current] = (await server.call<VariationHistoryEntry[]>('GET', '/affiliate/account/variation-history', { token: await server.login(camille.email, camille.password) })).body;
    const inParis = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(new Date(current!.start_date));
    expect(await periods.nth(0).innerText()).toContain(`Depuis le ${inParis}`);
    await screenshot(affiliate.page, 'users', 'journey-affiliate-history', { fullPage: false });
    expect(affiliate.errors).toEqual([]);
    await affiliate.context.close();

    const token = await server.login(camille.email, camille.password);
    expect((await server.call<PaymentMethodAnswer>('GET', '/affiliate/account/payment-method', { token })).body.paymentMethod?.type).toBe('crypto');
    expect((await server.call<VariationHistoryEntry[]>('GET', '/affiliate/account/variation-history', { token })).body).toHaveLength(2);
  });
});

describe('deleting a payment method', () => {
  it('asks for a confirmation, erases it and says so; the affiliate then sees none', async () => {
    const leo = await server.createAffiliate({ firstName: 'Léo', lastName: 'Marchand', email: 'leo.marchand@example.test', password: 'leo-password' });
    const token = await server.login(server.admin.email, server.admin.password);
    const wallet = { type: 'crypto', crypto_name: 'BTC', crypto_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' };
    expect((await server.call('POST', `/admin/users/${leo.id}/payment-method`, { token, body: wallet })).status).toBe(200);
    const { page, errors, context } = await openSignedIn(browser, { baseURL: server.url, token, path: `/admin/users/${leo.id}/settings`, language: 'fr' });
    await page.getByTestId('section-payment-method').getByText(wallet.crypto_address).waitFor();
    await page.getByTestId('payment-method-delete').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Supprimer le moyen de paiement ?').waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await server.call<PaymentMethodAnswer>('GET', `/admin/users/${leo.id}/payment-method`, { token })).body.hasPaymentMethod).toBe(true);
    await page.getByTestId('payment-method-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Moyen de paiement supprimé avec succès');
    await page.getByTestId('section-payment-method').getByText('Aucun moyen de paiement enregistré.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
    const mine = await server.call<PaymentMethodAnswer>('GET', '/affiliate/account/payment-method', { token: await server.login(leo.email, leo.password) });
    expect(mine.body).toEqual({ hasPaymentMethod: false, paymentMethod: null });
  });
});

describe('every users screen and modal on each tour (French at 1280 and 375 px, English at 375 px)', () => {
  let nora: TestAffiliate;
  beforeAll(async () => {
    nora = await server.createAffiliate({ firstName: 'Nora', lastName: 'Lambert-Delacroix', email: 'nora.lambert@example.test', password: 'nora-password' });
    const token = await server.login(server.admin.email, server.admin.password);
    const put = (action: string, body: unknown) => server.call('PUT', `/admin/users/${nora.id}/${action}`, { token, body });
    expect((await put('payment-settings', { payment_type: 'sale', variant_id: goldId })).status).toBe(200);
    expect((await put('referral', { referred_by: camille.uniqueId })).status).toBe(200);
    const bank = { type: 'bank', company_name: 'Lambert Media SARL', siret: '73282932000074', iban: 'FR7630006000011234567890189', address: '4 place Bellecour, 69002 Lyon', country: 'France' };
    expect((await server.call('POST', `/admin/users/${nora.id}/payment-method`, { token, body: bank })).status).toBe(200);
  });

  it.each(TOURS)('$language at $width px: nothing overflows, no page error', async ({ language, viewport, tag: suffix }) => {
    // In English, the back office is switched from its account menu first, then keeps the choice.
    const { page, errors, context } = await openSignedIn(browser, {
      baseURL: server.url, token: await server.login(server.admin.email, server.admin.password), path: language === 'en' ? '/admin' : '/admin/users', viewport, language,
    });
    const noOverflow = async (where: string) =>
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), where).toBeLessThanOrEqual(viewport.width);

    if (language === 'en') {
      await page.getByTestId('account-menu').waitFor();
      await switchBackOfficeToEnglish(page);
      await page.goto('/admin/users');
    }
    await page.getByTestId(`user-result-${nora.id}`).waitFor();
    await screenshot(page, 'users', `search-${suffix}`);
    await noOverflow('search');
    await page.getByTestId('user-search').fill('zzzz-nobody');
    await page.getByTestId('user-search-empty').getByText('zzzz-nobody', { exact: false }).waitFor();
    await screenshot(page, 'users', `search-empty-${suffix}`);

    await page.goto(`/admin/users/${nora.id}`);
    await page.getByTestId('section-payment-method').getByText('FR76 3000 6000 0112 3456 7890 189').waitFor();
    await page.getByTestId('referral-sponsor').getByText('Camille Durand').waitFor();
    await screenshot(page, 'users', `detail-${suffix}`);
    await noOverflow('detail');

    const modals: [string, string][] = [
      ['open-payment-settings', 'payment-settings'],
      ['payment-method-edit', 'payment-method'],
      ['open-history', 'history'],
      ['open-manager', 'manager'],
      ['open-commission', 'commission'],
      ['open-freeze', 'freeze'],
      ['open-referral', 'referral'],
      ['payment-method-delete', 'payment-method-delete'],
    ];
    for (const [button, name] of modals) {
      await page.getByTestId(button).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      if (name === 'history') await dialog.getByTestId('variation-history-entry').first().waitFor();
      await settled(page);
      await screenshot(page, 'users', `modal-${name}-${suffix}`, { fullPage: false });
      await noOverflow(name);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }

    await page.getByTestId('link-statistics').click();
    await page.getByTestId('user-statistics').waitFor();
    await screenshot(page, 'users', `statistics-${suffix}`);
    await noOverflow('statistics');

    await page.goto('/admin/users/3f1b2c4d-0000-4000-8000-000000000000/settings');
    await page.getByTestId('user-not-found').waitFor();
    expect(await page.getByTestId('user-not-found').innerText()).toContain(
      language === 'fr' ? "L'utilisateur demandé n'existe pas ou n'est pas accessible." : 'The requested user does not exist or is not accessible.',
    );
    await screenshot(page, 'users', `not-found-${suffix}`);
    // The lookup failure is a toast too (spec: 'Utilisateur non trouvé'); a 404 is no page error.
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();

    const affiliate = await openSignedIn(browser, { baseURL: server.url, token: await server.login(nora.email, nora.password), path: '/affiliate/account', viewport, language });
    const affiliateContext = affiliate.context;
    await affiliate.page.getByTestId('payment-method-details').waitFor();
    expect(await affiliate.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
    await screenshot(affiliate.page, 'users', `affiliate-account-${suffix}`);
    await affiliate.page.getByTestId('open-variation-history').click();
    await affiliate.page.getByTestId('variation-history-entry').nth(1).waitFor();
    await settled(affiliate.page);
    await screenshot(affiliate.page, 'users', `affiliate-history-${suffix}`, { fullPage: false });
    expect(affiliate.errors).toEqual([]);
    await affiliateContext.close();
  });
});
