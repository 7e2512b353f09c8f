import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAffiliateId, type OfferView } from '@affilux/contract';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../test/apiHarness';
import { createOffer } from '../test/figuresSetup';
import { pngImage } from '../test/images';
import { systemContext, toNewEvents } from '../backend/src/eventstore/commands';
import { paymentVariantStream, type VariantEvent } from '../backend/src/variants/events';
import { DESKTOP, launchBrowser, screenshot, TOURS } from './browser';
import { openBackOffice, openSignedIn } from './portal';
import { focused, settled } from './screens';

let server: ApiHarness;
let browser: Browser;
let alice: TestAffiliate;
let bob: TestAffiliate;

const SALE_LINK_1 = 'https://lovematch.example/sale?lp=1';
const SALE_LINK_2 = 'https://lovematch.example/sale2?lp=2';

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
  alice = await server.createAffiliate({ firstName: 'Alice', lastName: 'Durand', password: 'alice-password' });
  bob = await server.createAffiliate({ firstName: 'Bob', lastName: 'Lefebvre', password: 'bob-password' });
  // Alice is paid per sale with an evolutionary variant (what the back-office catalogue records).
  const variantId = randomUUID();
  const created: VariantEvent = {
    type: 'PaymentVariantCreated',
    data: { variant_id: variantId, payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2000 },
      { tier_level: 2, min_sales: 200, max_sales: 399, amount_cents: 2500 },
      { tier_level: 3, min_sales: 400, max_sales: null, amount_cents: 3000 },
    ] },
  };
  const { position } = await server.server.deps.eventStore.append(paymentVariantStream(variantId), toNewEvents([created], systemContext(new Date())), { expectedRevision: 'no_stream' });
  await server.server.deps.readModels.waitFor(position);
  await server.recordAccountEvent(alice.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: variantId } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real JPEG, encoded by the browser's canvas. */
async function jpegFromBrowser(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    `(() => { const c = document.createElement('canvas'); c.width = ${width}; c.height = ${height}; const x = c.getContext('2d');
      x.fillStyle = '#1565c0'; x.fillRect(0, 0, ${width}, ${height}); x.fillStyle = '#ffca28'; x.fillRect(20, 20, ${width / 2}, ${height / 3});
      return c.toDataURL('image/jpeg', 0.85); })()`,
  );
  return Buffer.from(String(dataUrl).split(',')[1]!, 'base64');
}

/** The back office's offers list, in a profile that starts with a session from the API's sign-in (a person coming back). */
const adminPage = async (language: 'fr' | 'en', viewport = DESKTOP) =>
  openBackOffice(browser, { baseURL: server.url, email: server.admin.email, token: await server.login(server.admin.email, server.admin.password), language, viewport, path: '/admin/offers' });

/** The affiliate's offers page, likewise signed in. */
const affiliatePage = async (who: TestAffiliate, language: 'fr' | 'en', viewport = DESKTOP) =>
  openSignedIn(browser, { baseURL: server.url, token: await server.login(who.email, who.password), path: '/affiliate/offers', language, viewport });

let offer: OfferView;

/** Shoots a screen once its dialog has finished opening. */
const settledShot = async (page: Page, name: string) => {
  await settled(page);
  await screenshot(page, 'offers', name);
};

describe('offers, from the back office to the affiliate', () => {
  it('the admin creates a private offer with two templates and real images for one affiliate', async () => {
    const { context, page, errors } = await adminPage('fr');
    await page.getByTestId('offer-create').click();
    await page.getByTestId('offer-form').waitFor();

    // Saving an empty form names the missing fields.
    await page.getByTestId('offer-save').click();
    await page.getByText('La catégorie est requise').first().waitFor();

    await page.getByTestId('offer-brand-name').fill('LoveMatch');
    await page.getByTestId('offer-category').click();
    await page.getByRole('option', { name: 'Dating' }).click();
    // The closing menu gives the focus back to the category select: wait until it has, or it takes the Enter below.
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    // A brand image of another ratio is flagged; a 1200 x 350 one is not. The chooser opens from the keyboard: Enter on the
    // button clicks the file input (seen on the input itself: Playwright's file chooser event came too late on a loaded machine).
    const chooseImage = page.getByRole('button', { name: 'Choisir une image' }).first();
    const brandInput = page.getByTestId('brand-image-input');
    await brandInput.evaluate((input) => input.addEventListener('click', (event: { preventDefault(): void }) => {
      event.preventDefault();
      input.setAttribute('data-opened', 'yes');
    }, { once: true }));
    await chooseImage.focus();
    await expect.poll(async () => (await focused(page)).text).toBe('Choisir une image');
    await page.keyboard.press('Enter');
    await expect.poll(() => brandInput.getAttribute('data-opened')).toBe('yes');
    await brandInput.setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: pngImage(800, 600, [200, 30, 90]) });
    await page.getByTestId('brand-image-ratio-warning').waitFor();
    expect(await page.getByTestId('brand-image-ratio-warning').innerText()).toContain('800 × 600');
    await screenshot(page, 'offers', 'admin-form-ratio-warning-fr-1280');
    await page.getByTestId('brand-image-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngImage(1200, 350, [123, 44, 191]) });
    await page.getByTestId('brand-image-size').waitFor();

    // Private, for Alice only, checked on the server.
    await page.getByTestId('offer-private').check();
    await page.getByTestId('private-affiliate-input').fill('99999');
    await page.getByTestId('private-affiliate-add').click();
    await page.getByTestId('private-affiliates-error').waitFor();
    expect(await page.getByTestId('private-affiliates-error').innerText()).toContain('99999');
    await page.getByTestId('offer-save').click();
    await page.getByText('Veuillez corriger les erreurs de validation des affiliés').first().waitFor();
    await page.getByLabel('Retirer 99999').click();
    // Pasted as the back office shows it (#10001): the field keeps its 5 digits.
    await page.getByTestId('private-affiliate-input').focus();
    await page.keyboard.insertText(`#${formatAffiliateId(alice.uniqueId)}`);
    expect(await page.getByTestId('private-affiliate-input').inputValue()).toBe(formatAffiliateId(alice.uniqueId));
    await page.getByTestId('private-affiliate-add').click();
    await page.getByTestId('private-affiliates-valid').waitFor();
    expect(await page.getByTestId('private-affiliates').innerText()).toContain('Alice Durand');
    // The list is fixed: the save's complaint about it goes.
    expect(await page.getByTestId('private-affiliates-required').count()).toBe(0);

    await page.getByTestId('offer-script-sale').fill('<script src="https://track.lovematch.example/sale.js"></script>');

    // Template 1: a PNG image and links; template 2: a JPEG image, modular with two keys.
    await page.getByTestId('template-1-image-input').setInputFiles({ name: 'template-1.png', mimeType: 'image/png', buffer: pngImage(320, 240, [46, 125, 50]) });
    await page.getByTestId('template-1-preview').waitFor();
    await page.getByTestId('template-1-link').fill('https://lovematch.example/lp');
    await page.getByTestId('template-1-link_sale').fill(SALE_LINK_1);
    await page.getByTestId('template-add').click();
    await page.getByTestId('template-2-image-input').setInputFiles({ name: 'template-2.jpg', mimeType: 'image/jpeg', buffer: await jpegFromBrowser(page, 320, 240) });
    await page.getByTestId('template-2-preview').waitFor();
    await page.getByTestId('template-2-link_sale').fill('javascript:alert(1)');
    await page.getByTestId('offer-save').click();
    await page.getByText('Le lien doit être une adresse http ou https valide').first().waitFor();
    await page.getByTestId('template-2-link_sale').fill(SALE_LINK_2);
    await page.getByTestId('template-2-modular').check();
    await page.getByTestId('template-2-add-key').click();
    await page.getByTestId('template-2-key-1').fill('lang');
    await page.getByTestId('template-2-description-1').fill('Langue de la page');
    await page.getByTestId('template-2-add-key').click();
    await page.getByTestId('template-2-key-2').fill('age');
    await page.getByTestId('offer-intake-postback').check();
    await screenshot(page, 'offers', 'admin-form-create-fr-1280');

    await page.getByTestId('offer-save').click();
    await page.getByText(/Offre \d{5} créée avec succès/).waitFor();
    const list = await server.call<OfferView[]>('GET', '/offers', { token: await server.login(server.admin.email, server.admin.password) });
    offer = list.body.find((o) => o.brand_name === 'LoveMatch')!;
    expect(offer).toMatchObject({ is_private: true, private_affiliate_ids: [alice.uniqueId], category: 'Dating', intake: 'postback', template_count: 2 });
    expect(await page.getByText(`Offre ${formatAffiliateId(offer.unique_id)} créée avec succès`).count()).toBe(1);
    expect(offer.templates[0]!.template_image).toMatch(/\.png$/);
    expect(offer.templates[1]).toMatchObject({ is_modular: true, modulation_keys: [{ key: 'lang', description: 'Langue de la page' }, { key: 'age', description: '' }] });
    expect(offer.templates[1]!.template_image).toMatch(/\.jpg$/);
    expect(offer.brand_image).toMatch(/\.png$/);

    // The list: ID with the private icon and the active badge, the image, the counts.
    const row = page.locator('tr', { hasText: 'LoveMatch' });
    await row.waitFor();
    expect(await row.innerText()).toContain(formatAffiliateId(offer.unique_id));
    expect(await row.innerText()).toContain('2 templates');
    expect(await row.innerText()).toContain('1 affilié autorisé');
    await page.getByText('Offre').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Alice sees it (Bob does not), picks a template, sets trackers and modulation values, gets the exact link and opens the compensation details', async () => {
    const bobPage = await affiliatePage(bob, 'fr');
    await bobPage.page.getByTestId('offers-empty').waitFor();
    expect(await bobPage.page.getByTestId(`offer-row-${formatAffiliateId(offer.unique_id)}`).count()).toBe(0);
    await bobPage.context.close();

    const { context, page, errors } = await affiliatePage(alice, 'fr');
    const id = formatAffiliateId(offer.unique_id);
    const row = page.getByTestId(`offer-row-${id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Template choisi : #1');
    await page.getByTestId('offers-search').fill('casino');
    await page.getByTestId('offers-empty').waitFor();
    await page.getByTestId('offers-search').fill('LOVE');
    await row.waitFor();

    await page.getByTestId(`offer-details-${id}`).click();
    await page.getByTestId('offer-details').waitFor();
    await page.getByTestId('compensation-summary').waitFor();
    const source = formatAffiliateId(alice.uniqueId);
    expect(await page.getByTestId('affiliation-link').inputValue()).toBe(`${SALE_LINK_1}&source=${source}&premium=true`);
    expect(await page.getByTestId('tracking-script').inputValue()).toBe(`<script src="https://track.lovematch.example/sale.js?source=${source}&s1=&s2="></script>`);

    // Template 1 is not modular.
    await page.getByTestId('customise-link').click();
    await page.getByTestId('customise-empty').waitFor();
    expect(await page.getByTestId('customise-empty').innerText()).toBe('Aucune clé de modulation disponible');
    await page.getByRole('button', { name: 'Annuler' }).click();

    await page.getByTestId('choose-template').click();
    await page.getByTestId('template-picker').waitFor();
    expect(await page.getByTestId('picker-counter').innerText()).toBe('1 sur 2');
    await page.getByTestId('picker-next').click();
    expect(await page.getByTestId('picker-counter').innerText()).toBe('2 sur 2');
    await settledShot(page, 'affiliate-picker-fr-1280');
    await page.getByTestId('picker-choose').click();
    await page.getByText('Template sélectionné').waitFor();
    expect(await page.getByTestId('details-template-id').innerText()).toBe('Template #2');

    await page.getByTestId('trackers-manage').click();
    // A pasted value loses its other characters first, then keeps 10.
    await page.getByTestId('tracker-input-1').fill('fb-camp!é 12345678901');
    expect(await page.getByTestId('tracker-input-1').inputValue()).toBe('fbcamp1234');
    await page.getByTestId('tracker-input-1').fill('fb-2026!');
    expect(await page.getByTestId('tracker-input-1').inputValue()).toBe('fb2026');
    // A refused character typed mid-text is dropped where it was typed, the caret staying there.
    await page.getByTestId('tracker-input-2').fill('abcdef');
    await page.getByTestId('tracker-input-2').press('ArrowLeft');
    await page.getByTestId('tracker-input-2').press('ArrowLeft');
    await page.keyboard.type('-X');
    expect(await page.getByTestId('tracker-input-2').inputValue()).toBe('abcdXef');
    await page.getByTestId('tracker-input-2').fill('Camp1');
    await page.getByTestId('trackers-save').click();
    await page.getByText('Trackers mis à jour').waitFor();
    await page.getByTestId('trackers-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('customise-link').click();
    await page.getByTestId('modulation-lang').fill('fr FR');
    await settledShot(page, 'affiliate-customise-fr-1280');
    await page.getByTestId('customise-save').click();
    await page.getByText('Valeurs de modulation enregistrées').waitFor();

    expect(await page.getByTestId('affiliation-link').inputValue()).toBe(`${SALE_LINK_2}&source=${source}&premium=true&s1=fb2026&s2=Camp1&lang=fr%20FR`);
    await page.getByTestId('affiliation-link-copy').click();
    await page.getByTestId('affiliation-link-copy').getByText('Copié !').waitFor();
    await settledShot(page, 'affiliate-details-fr-1280');
    expect(await server.call('GET', `/affiliate/offers/trackers/${offer.id}`, { token: alice.token })).toMatchObject({ body: { tracker1: 'fb2026', tracker2: 'Camp1' } });

    await page.getByTestId('compensation-details').click();
    await page.getByTestId('compensation-dialog').waitFor();
    const grid = await page.getByTestId('tier-grid').innerText();
    expect(grid).toContain('Actuel');
    expect(grid).toContain('À venir');
    expect(await page.getByTestId('tier-progress').innerText()).toContain('Encore 200 ventes pour atteindre le palier 2');
    await settledShot(page, 'affiliate-compensation-fr-1280');
    await page.getByTestId('compensation-close').click();
    await page.getByTestId('offer-details-close').click();
    expect(await row.innerText()).toContain('Template choisi : #2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a PPT affiliate's tiers count essays, not sales", async () => {
    const variantId = randomUUID();
    const created: VariantEvent = {
      type: 'PaymentVariantCreated',
      data: { variant_id: variantId, payment_type: 'ppt', name: 'Silver', base_amount_cents: 1500, is_evolutionary: true, tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 24, amount_cents: 1500 },
        { tier_level: 2, min_sales: 25, max_sales: null, amount_cents: 1800 },
      ] },
    };
    const { position } = await server.server.deps.eventStore.append(paymentVariantStream(variantId), toNewEvents([created], systemContext(new Date())), { expectedRevision: 'no_stream' });
    await server.server.deps.readModels.waitFor(position);
    await server.recordAccountEvent(bob.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: variantId } });
    const open = await createOffer(server, await server.login(server.admin.email, server.admin.password), { brand_name: 'CamWorld', intake: 'import' });

    const { context, page, errors } = await affiliatePage(bob, 'fr');
    await page.getByTestId(`offer-details-${formatAffiliateId(open.uniqueId)}`).click();
    await page.getByTestId('compensation-details').click();
    const grid = await page.getByTestId('tier-grid').innerText();
    expect(grid).toContain('Essais');
    expect(grid).not.toContain('Ventes');
    expect(await page.getByTestId('tier-progress').innerText()).toContain('Encore 25 essais pour atteindre le palier 2');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const { language, viewport, tag } of TOURS) {
    it(`every offers screen and modal renders in ${language} at ${viewport.width} px`, async () => {
      const admin = await adminPage(language, viewport);
      await admin.page.getByText('LoveMatch').first().waitFor();
      // The search sits right under the title: on a phone the create button floats, leaving no empty toolbar between them.
      const title = (await admin.page.getByRole('heading', { name: language === 'fr' ? 'Offres' : 'Offers', exact: true }).boundingBox())!;
      const search = (await admin.page.locator('input[name="q"]').boundingBox())!;
      expect(search.y - (title.y + title.height)).toBeLessThan(40);
      await screenshot(admin.page, 'offers', `admin-list-${tag}`);
      await admin.page.getByTestId(`offer-view-${formatAffiliateId(offer.unique_id)}`).click();
      await admin.page.getByTestId('offer-view-dialog').getByText('Template 2').first().waitFor();
      await settledShot(admin.page, `admin-view-${tag}`);
      await admin.page.getByTestId('offer-view-close').click();
      await admin.page.getByTestId(`offer-delete-${formatAffiliateId(offer.unique_id)}`).click();
      await admin.page.getByRole('dialog').waitFor();
      await settledShot(admin.page, `admin-delete-confirm-${tag}`);
      await admin.page.keyboard.press('Escape');
      await admin.page.goto(`/admin/offers/${offer.id}`);
      await admin.page.getByTestId('postback-url').waitFor();
      expect(await admin.page.getByTestId('postback-url').inputValue()).toMatch(/\/api\/v1\/postback\?key=[A-Za-z0-9_-]{32}&source=\{source\}&event=\{event\}&txid=\{txid\}&s1=\{s1\}&s2=\{s2\}&date=\{date\}&status=\{status\}$/);
      await screenshot(admin.page, 'offers', `admin-edit-${tag}`);
      await admin.page.goto('/admin/offers/create');
      await admin.page.getByTestId('offer-form').waitFor();
      await screenshot(admin.page, 'offers', `admin-create-${tag}`);
      expect(admin.errors).toEqual([]);
      await admin.context.close();

      const { context, page, errors } = await affiliatePage(alice, language, viewport);
      const id = formatAffiliateId(offer.unique_id);
      await page.getByTestId(`offer-row-${id}`).waitFor();
      await screenshot(page, 'offers', `affiliate-list-${tag}`);
      await page.getByTestId(`offer-details-${id}`).click();
      await page.getByTestId('compensation-summary').waitFor();
      await settledShot(page, `affiliate-details-${tag}`);
      await page.getByTestId('choose-template').click();
      await page.getByTestId('picker-image').waitFor();
      await settledShot(page, `affiliate-picker-${tag}`);
      await page.getByTestId('picker-next').click();
      await page.getByTestId('picker-choose').click();
      await page.getByTestId('template-picker').waitFor({ state: 'detached' });
      await page.getByTestId('trackers-manage').click();
      await page.getByTestId('trackers-dialog').waitFor();
      await settledShot(page, `affiliate-trackers-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('trackers-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('customise-link').click();
      await page.getByTestId('modulation-lang').waitFor();
      await settledShot(page, `affiliate-customise-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('customise-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('compensation-details').click();
      await page.getByTestId('tier-grid').waitFor();
      await settledShot(page, `affiliate-compensation-${tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("the affiliate's offers fit a 360 px phone: the details button whole inside the list, the category under the name, the tiers whole", async () => {
    const { context, page, errors } = await affiliatePage(alice, 'fr', { width: 360, height: 740 });
    const id = formatAffiliateId(offer.unique_id);
    const button = page.getByTestId(`offer-details-${id}`);
    await button.waitFor();
    const list = (await page.getByTestId('offers-table').locator('xpath=..').boundingBox())!;
    const details = (await button.boundingBox())!;
    expect(details.x + details.width).toBeLessThanOrEqual(list.x + list.width);
    expect(await button.innerText()).toBe('Détails');
    const categoryShown = await page.getByTestId(`offer-row-${id}`).getByText(offer.category).evaluateAll((chips) => chips.filter((chip) => chip.checkVisibility()).length);
    expect(categoryShown, 'the category is shown once').toBe(1);
    await screenshot(page, 'offers', 'affiliate-list-fr-360');
    // The tiers of the compensation details fit too: no status chip cut at the edge.
    await button.click();
    await page.getByTestId('compensation-details').click();
    const grid = page.getByTestId('tier-grid');
    await grid.waitFor();
    const [scrollWidth, clientWidth] = await grid.locator('xpath=..').evaluate((box) => [box.scrollWidth, box.clientWidth]);
    expect(scrollWidth, 'the tier table fits its box').toBeLessThanOrEqual(clientWidth);
    await screenshot(page, 'offers', 'affiliate-compensation-fr-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a template image still uploading keeps what is typed meanwhile, and holds the save until it is in', async () => {
    const { context, page, errors } = await adminPage('fr');
    let release!: () => void;
    const uploaded = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/v1/offers/upload-template-image', async (route) => {
      await uploaded;
      await route.continue();
    });
    await page.goto('/admin/offers/create');
    await page.getByTestId('offer-brand-name').fill('SlowUpload');
    await page.getByTestId('offer-category').click();
    await page.getByRole('option', { name: 'Casino' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    await page.getByTestId('template-1-image-input').setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: pngImage(320, 240, [10, 90, 160]) });
    await page.getByTestId('template-1-link').fill('https://slow.example/lp');
    await page.getByTestId('template-add').click();
    await page.getByTestId('template-2-link').fill('https://slow.example/second');
    // The save waits for the image, and says why.
    const save = page.getByTestId('offer-save');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('offer-save-waiting').innerText()).toBe('Téléversement en cours…');
    await screenshot(page, 'offers', 'admin-form-uploading-fr-1280');

    release();
    await page.getByTestId('template-1-preview').waitFor();
    expect(await page.getByTestId('template-1-link').inputValue()).toBe('https://slow.example/lp');
    expect(await page.getByTestId('template-2-link').inputValue()).toBe('https://slow.example/second');
    expect(await page.getByTestId('offer-save-waiting').count()).toBe(0);
    await save.click();
    await page.getByText(/Offre \d{5} créée avec succès/).waitFor();
    const list = await server.call<OfferView[]>('GET', '/offers', { token: await server.login(server.admin.email, server.admin.password) });
    const saved = list.body.find((o) => o.brand_name === 'SlowUpload')!;
    expect(saved.templates).toMatchObject([{ template_link: 'https://slow.example/lp' }, { template_link: 'https://slow.example/second', template_image: null }]);
    expect(saved.templates[0]!.template_image).toMatch(/\.png$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a private offer's affiliate id is refused for the rule it breaks: 5 digits, then at least 10", async () => {
    const { context, page, errors } = await adminPage('fr');
    await page.goto('/admin/offers/create');
    await page.getByTestId('offer-private').check();
    const input = page.getByTestId('private-affiliate-input');
    const refusal = async (typed: string) => {
      await input.fill(typed);
      await page.getByTestId('private-affiliate-add').click();
      return page.locator('.MuiFormHelperText-root.Mui-error').innerText();
    };
    expect(await refusal('123')).toBe("L'ID affilié doit contenir exactement 5 chiffres");
    expect(await refusal('00003')).toBe("L'ID affilié doit être un nombre valide (minimum 10)");
    expect(await page.getByTestId('private-affiliates').innerText()).toBe('Aucun affilié autorisé.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a double click on the confirmation deletes the offer once, and says it was deleted', async () => {
    const token = await server.login(server.admin.email, server.admin.password);
    const doomed = await createOffer(server, token, { brand_name: 'DoubleClick', intake: 'import' });
    const { context, page, errors } = await adminPage('fr');
    const deletes: string[] = [];
    page.on('request', (request) => { if (request.method() === 'DELETE') deletes.push(request.url()); });
    const id = formatAffiliateId(doomed.uniqueId);
    await page.getByTestId(`offer-delete-${id}`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).dblclick();
    await page.getByTestId(`offer-delete-${id}`).waitFor({ state: 'detached' });
    expect(deletes).toHaveLength(1);
    await page.getByText('Offre supprimée avec succès').waitFor();
    expect(await page.getByText('Offre introuvable').count()).toBe(0);
    expect((await server.call('GET', `/offers/${doomed.id}`, { token })).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a brand name of 200 letters without a space wraps in the list instead of widening the page', async () => {
    const token = await server.login(server.admin.email, server.admin.password);
    const long = await createOffer(server, token, { brand_name: 'W'.repeat(200), intake: 'import' });
    const { context, page, errors } = await adminPage('fr');
    await page.getByTestId(`offer-delete-${formatAffiliateId(long.uniqueId)}`).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(DESKTOP.width);
    await screenshot(page, 'offers', 'admin-list-long-name-fr-1280');
    await server.call('DELETE', `/offers/${long.id}`, { token });
    expect(errors).toEqual([]);
    await context.close();
  });
});
