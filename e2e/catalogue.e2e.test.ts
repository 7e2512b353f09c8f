import type { ContactMessageView, ManagerListItem, VariantListItem } from '@affilux/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiHarness, type ApiHarness } from '../test/apiHarness';
import { DESKTOP, launchBrowser, newContext, openPage, screenshot, TOURS, type WatchedPage } from './browser';
import { pathOf } from './portal';
import { focused, settled, toast } from './screens';

let server: ApiHarness;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  admin = await server.login(server.admin.email, server.admin.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A signed-in admin in the back office, in a fresh browser profile that starts with a session from the API's
 * sign-in (a person coming back), opened on `path`; `language` is the back office's stored locale.
 */
async function backOffice(options: { viewport?: { width: number; height: number }; language?: 'fr' | 'en'; path?: string } = {}): Promise<WatchedPage & { close(): Promise<void> }> {
  const context = await newContext(browser, { baseURL: server.url, viewport: options.viewport ?? DESKTOP, token: await server.login(server.admin.email, server.admin.password) });
  if (options.language) await context.addInitScript({ content: `localStorage.setItem('RaStore.locale', ${JSON.stringify(JSON.stringify(options.language))});` });
  const watched = await openPage(context);
  await watched.page.goto(options.path ?? '/admin');
  await watched.page.getByTestId('account-menu').waitFor();
  return { ...watched, close: () => context.close() };
}

/** A dialog is shot as the screen shows it (not the full page behind it), once its opening transition is over. */
async function dialogShot(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, 'catalogue', name, { fullPage: false });
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { status, body: answer } = await server.call<T>(method, path, { token: admin, body });
  expect(status, `${method} ${path}`).toBeLessThan(300);
  return answer;
}

describe('managers in the back office', () => {
  it('the admin adds a manager (after the rules refuse an empty one), edits it, and deletes one that has affiliates, told how many', async () => {
    const leaving = await api<ManagerListItem>('POST', '/managers', { nom: 'Paul Départ', telegram: '@paul_depart', mail: '' });
    const [first, second] = [await server.createAffiliate(), await server.createAffiliate()];
    for (const affiliate of [first, second]) await server.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: leaving.id } });

    const { page, errors, close } = await backOffice();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Managers' }).click();
    await page.getByTestId(`manager-row-${leaving.id}`).waitFor();
    expect(pathOf(page)).toBe('/admin/managers');

    // The rules of the shared contract, before anything is sent.
    await page.getByTestId('manager-add').click();
    await page.getByTestId('manager-save').click();
    await page.getByText('Le nom est requis').waitFor();
    await page.getByText('Au moins une méthode de contact (Telegram ou Email) est requise').waitFor();
    await page.getByTestId('manager-nom').fill('  Sarah Lemoine ');
    await page.getByTestId('manager-mail').fill('sarah@affilux');
    await page.getByTestId('manager-save').click();
    await page.getByText('Adresse email invalide').waitFor();
    await page.getByTestId('manager-mail').fill('sarah@affilux.com');
    await page.getByTestId('manager-telegram').fill('@sarah_aff');
    await page.getByTestId('manager-save').click();
    await toast(page, 'Manager créé avec succès');
    await page.getByTestId('manager-dialog').waitFor({ state: 'detached' });
    const created = (await api<ManagerListItem[]>('GET', '/managers')).find((m) => m.nom === 'Sarah Lemoine');
    expect(created).toMatchObject({ telegram: '@sarah_aff', mail: 'sarah@affilux.com' });
    const row = page.getByTestId(`manager-row-${created!.id}`);
    await row.waitFor();

    // Searching keeps only the matches.
    await page.getByPlaceholder('Rechercher (nom, Telegram, email)').fill('sarah');
    await page.getByTestId(`manager-row-${leaving.id}`).waitFor({ state: 'detached' });
    await page.getByPlaceholder('Rechercher (nom, Telegram, email)').fill('');
    await page.getByTestId(`manager-row-${leaving.id}`).waitFor();

    await page.getByTestId(`manager-edit-${created!.id}`).click();
    await page.getByTestId('manager-telegram').fill('');
    await page.getByTestId('manager-nom').fill('Sarah Roy');
    await page.getByTestId('manager-save').click();
    await toast(page, 'Manager mis à jour avec succès');
    await row.getByText('Sarah Roy').waitFor();
    expect((await api<ManagerListItem>('GET', `/managers/${created!.id}`))).toMatchObject({ nom: 'Sarah Roy', telegram: null });

    await page.getByTestId(`manager-delete-${leaving.id}`).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Supprimer le manager Paul Départ ?').waitFor();
    await confirm.getByText("2 affiliés sont assignés à ce manager : ils n'auront plus de manager.").waitFor();
    await dialogShot(page, 'manager-delete-confirmation');
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Manager supprimé avec succès');
    await page.getByTestId(`manager-row-${leaving.id}`).waitFor({ state: 'detached' });
    for (const affiliate of [first, second]) {
      const me = await server.call<{ user: { manager_id: string | null } }>('GET', '/auth/me', { token: affiliate.token });
      expect(me.body.user.manager_id).toBeNull();
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe('PPT variants in the back office', () => {
  it('the admin builds an evolutionary variant in the tier editor (the rules show on bad input), edits it into a new version, and sets the standard rate', async () => {
    const { page, errors, close } = await backOffice({ path: '/admin/ppt-variants' });
    await page.getByTestId('standard-rate').getByText('20,00 €').waitFor();

    await page.getByTestId('variant-add').click();
    const dialog = page.getByTestId('variant-dialog');
    expect(await page.getByTestId('variant-base_amount').inputValue()).toBe('20,00');
    await page.getByTestId('variant-evolutionary').check();
    // The default tiers: 0-199 at 20,00 and 200-(open) at 25,00 (amounts written as in French).
    expect(await page.getByTestId('tier-0-min_sales').inputValue()).toBe('0');
    expect(await page.getByTestId('tier-0-max_sales').inputValue()).toBe('199');
    expect(await page.getByTestId('tier-1-amount').inputValue()).toBe('25,00');

    // Below two tiers is refused.
    await page.getByTestId('tier-1-remove').click();
    await dialog.getByText('Au moins deux paliers sont requis pour une variante évolutive').waitFor();
    expect(await page.getByTestId('tier-1').count()).toBe(1);

    // Add a tier: 400, open-ended, at 30,00.
    await page.getByTestId('tier-add').click();
    expect(await page.getByTestId('tier-2-min_sales').inputValue()).toBe('400');
    expect(await page.getByTestId('tier-1-max_sales').inputValue()).toBe('399');
    expect(await page.getByTestId('tier-2-amount').inputValue()).toBe('30,00');

    // Bad input: every broken rule says so, nothing is sent.
    await page.getByTestId('variant-base_amount').fill('0');
    await page.getByTestId('tier-1-min_sales').fill('150');
    await page.getByTestId('tier-2-amount').fill('0');
    await page.getByTestId('variant-save').click();
    await dialog.getByText('Le nom est requis').waitFor();
    await dialog.getByText('Le montant de base doit être un nombre positif').waitFor();
    await dialog.getByText('La plage de vente du palier 2 doit être supérieure à celle du palier précédent').waitFor();
    await dialog.getByText('Le tarif du palier 3 doit être positif').waitFor();
    await dialogShot(page, 'variant-dialog-errors');
    expect(await api<VariantListItem[]>('GET', '/ppt-variants')).toEqual([]);

    // Fixed.
    await page.getByTestId('variant-name').fill('Or progressif');
    await page.getByTestId('variant-base_amount').fill('22,50');
    await page.getByTestId('tier-1-min_sales').fill('200');
    await page.getByTestId('tier-2-amount').fill('31');
    await page.getByTestId('variant-save').click();
    await toast(page, 'Variante PPT créée avec succès');
    await dialog.waitFor({ state: 'detached' });
    const [created] = await api<VariantListItem[]>('GET', '/ppt-variants');
    expect(created).toMatchObject({
      name: 'Or progressif', base_amount: '22.50', is_evolutionary: true, version: 1,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' },
        { tier_level: 2, min_sales: 200, max_sales: 399, amount: '25.00' },
        { tier_level: 3, min_sales: 400, max_sales: null, amount: '31.00' },
      ],
    });
    const card = page.getByTestId(`variant-card-${created!.id}`);
    await card.getByText('400 essais et plus').waitFor();
    expect(await page.getByTestId(`variant-version-${created!.id}`).innerText()).toBe('v1');

    // An edit is a new version.
    await page.getByTestId(`variant-edit-${created!.id}`).click();
    expect(await page.getByTestId('variant-base_amount').inputValue()).toBe('22,50');
    expect(await page.getByTestId('tier-2-amount').inputValue()).toBe('31,00');
    await page.getByTestId('tier-1-max_sales').fill('299');
    expect(await page.getByTestId('tier-2-min_sales').inputValue()).toBe('300');
    await page.getByTestId('variant-save').click();
    await toast(page, 'Variante PPT mise à jour avec succès');
    await card.getByText('300 essais et plus').waitFor();
    await page.getByTestId(`variant-version-${created!.id}`).getByText('v2').waitFor();

    // Another admin edits it while the dialog is open: the save made from the old values is refused, not laid over theirs.
    await page.getByTestId(`variant-edit-${created!.id}`).click();
    const [current] = await api<VariantListItem[]>('GET', '/ppt-variants');
    await api('PUT', `/ppt-variants/${created!.id}`, { name: current!.name, base_amount: '23.00', is_evolutionary: true, tiers: current!.tiers });
    await page.getByTestId('variant-name').fill('Or progressif (mon onglet)');
    await page.getByTestId('variant-save').click();
    await toast(page, "Cet élément a été modifié par quelqu'un d'autre depuis que vous l'avez ouvert : rechargez-le pour voir ses nouvelles valeurs, puis refaites votre modification");
    expect((await api<VariantListItem[]>('GET', '/ppt-variants'))[0]).toMatchObject({ name: 'Or progressif', base_amount: '23.00', version: 3 });
    expect(errors.splice(0)).toEqual([expect.stringMatching(/status of 409 .*\/ppt-variants\//)]);
    await page.getByTestId('variant-dialog').getByRole('button', { name: 'Annuler' }).click();

    // The standard rate: refused when not positive, then set; its history shows the change.
    await page.getByTestId('standard-rate-edit').click();
    expect(await page.getByTestId('standard-rate-amount').inputValue()).toBe('20,00');
    await page.getByTestId('standard-rate-amount').fill('-2');
    await page.getByTestId('standard-rate-save').click();
    await page.getByTestId('standard-rate-dialog').getByText('Le montant doit être un nombre positif').waitFor();
    await page.getByTestId('standard-rate-amount').fill('24.90');
    await page.getByTestId('standard-rate-save').click();
    await toast(page, 'Tarif standard mis à jour avec succès');
    await page.getByTestId('standard-rate-amount-shown').getByText('24,90 €').waitFor();
    await page.getByTestId('standard-rate-history').getByText('24,90 €').waitFor();
    expect((await api<{ ppt: { amount: string } }>('GET', '/standard-rates')).ppt.amount).toBe('24.90');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('contact messages in the back office', () => {
  it('a message sent from /contact is opened in /admin/messages (becoming read), marked replied, and deleted', async () => {
    const visitor = await newContext(browser, { baseURL: server.url });
    const { page: site } = await openPage(visitor);
    await site.goto('/contact');
    await site.getByTestId('contact-name').fill('Nora Vidal');
    await site.getByTestId('contact-email').fill('nora.vidal');
    await site.getByTestId('contact-submit').click();
    // Refused, the form takes the keyboard to its first field in error (read with its message).
    await expect.poll(async () => (await focused(site)).testId).toBe('contact-email');
    await site.getByTestId('contact-email').fill('nora.vidal@example.test');
    await site.getByTestId('contact-subject').fill('Paiement en crypto');
    await site.getByTestId('contact-message').fill('Bonjour, proposez-vous des paiements en USDT ?');
    await site.getByTestId('contact-submit').click();
    await site.getByTestId('contact-thanks').waitFor();
    await visitor.close();
    const [sent] = (await api<ContactMessageView[]>('GET', '/admin/messages?q=nora.vidal')).filter((m) => m.subject === 'Paiement en crypto');
    expect(sent?.status).toBe('new');

    const { page, errors, close } = await backOffice();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Messages' }).click();
    await page.getByTestId('messages-page').waitFor();
    expect(pathOf(page)).toBe('/admin/messages');
    await page.getByTestId('messages-tile-new_messages').getByText('1').waitFor();
    await page.getByTestId(`message-status-${sent!.id}`).getByText('Nouveau').waitFor();

    await page.getByTestId(`message-row-${sent!.id}`).click();
    const detail = page.getByTestId('message-detail');
    await detail.getByText('Bonjour, proposez-vous des paiements en USDT ?').waitFor();
    await page.getByTestId('message-detail-status').getByText('Lu').waitFor();
    await page.getByTestId('messages-tile-read_messages').getByText('1').waitFor();
    expect((await api<ContactMessageView[]>('GET', '/admin/messages?status=read')).map((m) => m.id)).toContain(sent!.id);
    expect(await page.getByTestId('message-reply').getAttribute('href')).toBe(`mailto:nora.vidal@example.test?subject=${encodeURIComponent('Re : Paiement en crypto')}`);

    await page.getByTestId('message-mark-replied').click();
    await toast(page, 'Statut mis à jour');
    await page.getByTestId('message-detail-status').getByText('Répondu').waitFor();
    expect(await page.getByTestId('message-mark-replied').isDisabled()).toBe(true);
    await page.getByTestId('messages-tile-replied_messages').getByText('1').waitFor();

    await page.getByTestId('message-delete').click();
    await page.getByRole('dialog').getByText('Supprimer ce message ?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Message supprimé');
    await page.getByTestId(`message-row-${sent!.id}`).waitFor({ state: 'detached' });
    await page.getByTestId('messages-tile-total').getByText('0').waitFor();
    expect(await api<ContactMessageView[]>('GET', '/admin/messages')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the catalogue screens on each tour (French at 1280 and 375 px, English at 375 px)', () => {
  let goldId: string;
  beforeAll(async () => {
    const manager = await api<ManagerListItem>('POST', '/managers', { nom: 'Julie Marchand', telegram: '@julie_affilux', mail: 'julie.marchand@affilux.com' });
    await api('POST', '/managers', { nom: 'Karim Benali', telegram: '', mail: 'karim.benali@affilux.com' });
    // The longest name the server takes, in one word: it wraps rather than widen the table past the screen.
    await api('POST', '/managers', { nom: `Agence${'x'.repeat(94)}`, telegram: `@${'y'.repeat(60)}`, mail: '' });
    const affiliate = await server.createAffiliate();
    await server.recordAccountEvent(affiliate.id, { type: 'ManagerAssigned', data: { manager_id: manager.id } });
    const gold = await api<VariantListItem>('POST', '/sales-variants', {
      name: 'Vente Or', base_amount: '35', is_evolutionary: true,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 49, amount: '35' },
        { tier_level: 2, min_sales: 50, max_sales: 149, amount: '40' },
        { tier_level: 3, min_sales: 150, max_sales: null, amount: '45' },
      ],
    });
    goldId = gold.id;
    await api('POST', '/sales-variants', { name: 'Vente Standard+', base_amount: '28.50', is_evolutionary: false, tiers: [] });
    await server.recordAccountEvent(affiliate.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: gold.id } });
    await api('PUT', '/standard-rates/sale', { amount: '26' });
    for (const [name, email, subject] of [
      ['Hugo Lefèvre', 'hugo.lefevre@example.test', 'Question sur les offres privées'],
      ['Amélie Durand', 'amelie.durand@example.test', 'Délai de validation de ma candidature'],
    ] as const) {
      const sent = await server.call('POST', '/contact/submit', { body: { name, email, subject, message: `Bonjour,\n\n${subject} : pouvez-vous m'en dire plus ?\n\nMerci, ${name}` } });
      expect(sent.status).toBe(201);
    }
  });

  for (const { language, viewport, width, tag } of TOURS) {
    it(`shows managers, variants, standard rates and messages without errors (${language}, ${width} px)`, async () => {
      const { page, errors, close } = await backOffice({ viewport, language, path: '/admin/managers' });
      const shot = (name: string) => screenshot(page, 'catalogue', `${name}-${tag}`);
      const shotDialog = (name: string) => dialogShot(page, `${name}-${tag}`);

      await page.getByText('Julie Marchand').first().waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      await shot('managers');
      await page.getByTestId('manager-add').click();
      await page.getByTestId('manager-save').click();
      await page.getByTestId('manager-dialog').locator('.Mui-error').first().waitFor();
      await shotDialog('manager-dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/sales-variants');
      await page.getByText('Vente Or').first().waitFor();
      await page.getByTestId('standard-rate-history').locator('li').first().waitFor();
      await shot('sales-variants');
      await page.getByTestId(`variant-edit-${goldId}`).click();
      await page.getByTestId('tier-editor').waitFor();
      await shotDialog('variant-dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('standard-rate-edit').click();
      await page.getByTestId('standard-rate-dialog').waitFor();
      await shotDialog('standard-rate-dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/ppt-variants');
      await page.getByTestId('standard-rate').waitFor();
      await page.getByTestId('standard-rate-amount-shown').waitFor();
      await shot('ppt-variants');

      await page.goto('/admin/messages');
      await page.getByText('Hugo Lefèvre').first().waitFor();
      await shot('messages');
      await page.getByText('Amélie Durand').first().click();
      await page.getByTestId('message-detail-status').getByText(language === 'fr' ? 'Lu' : 'Read', { exact: true }).waitFor();
      await page.locator('[data-testid="message-mark-replied"]:not([disabled])').waitFor();
      await shot('message-detail');
      expect(errors).toEqual([]);
      await close();
    });
  }
});
