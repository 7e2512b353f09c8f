import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUser } from '@affilux/contract';
import { DESKTOP, launchBrowser, newContext, openPage, PHONE, screenshot, TOURS } from './browser';
import { codeIn, startApiHarness, type ApiHarness } from '../test/apiHarness';
import { openSignedIn, pathOf, signIn } from './portal';
import { focused } from './screens';

/**
 * The affiliate's account page in the browser: personal information (validation, save, cancel),
 * the change-email flow with the code read from the mail, the password change, and what a password
 * change does to the other sessions.
 */

let server: ApiHarness;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startApiHarness({ frontends: true }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The affiliate area in a profile that starts with a session from the API's sign-in (a person coming back;
 * signing in is foundation's and onboarding's subject, and this file's frozen account's).
 */
async function openArea(affiliate: { email: string; password: string }, viewport: typeof DESKTOP, language: 'fr' | 'en') {
  const opened = await openSignedIn(browser, { baseURL: server.url, token: await server.login(affiliate.email, affiliate.password), path: '/affiliate', viewport, language });
  await opened.page.getByTestId('affiliate-user').waitFor();
  return opened;
}

/** The account page, reached from the area's navigation (its menu on a phone). */
async function openAccount(affiliate: { email: string; password: string }, viewport: typeof DESKTOP, language: 'fr' | 'en') {
  const opened = await openArea(affiliate, viewport, language);
  const { page } = opened;
  if (await page.getByTestId('affiliate-menu').isVisible()) {
    await page.getByTestId('affiliate-menu').click();
    await page.getByTestId('affiliate-drawer').getByTestId('nav-account').click();
  } else {
    await page.getByTestId('nav-account').click();
  }
  await page.getByTestId('account-personal-info').waitFor();
  return opened;
}

/** The helper text under an input (MUI links the two with aria-describedby), '' when there is none. */
async function helperOf(page: Page, testId: string): Promise<string> {
  const describedBy = await page.getByTestId(testId).getAttribute('aria-describedby');
  if (!describedBy) return '';
  const helper = page.locator(`[id="${describedBy}"]`);
  return (await helper.count()) ? (await helper.innerText()).trim() : '';
}

const currentUser = async (token: string) => (await server.call<{ user: ApiUser }>('GET', '/auth/me', { token })).body.user;

describe('personal information', () => {
  it('a too-short first name and an empty last name show the spec messages; once fixed, the profile is saved, shown, and kept by the server', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Jeanne', lastName: 'Roux', email: 'jeanne.roux@example.test', password: 'jeanne-password' });
    const { page, errors, context } = await openAccount(affiliate, DESKTOP, 'fr');

    await page.getByTestId('account-edit').click();
    await page.getByTestId('account-input-first_name').fill('J');
    await page.getByTestId('account-input-last_name').fill('');
    await page.getByTestId('account-save').click();

    await expect.poll(() => helperOf(page, 'account-input-first_name')).toBe('Le prénom doit contenir au moins 2 caractères');
    expect(await helperOf(page, 'account-input-last_name')).toBe('Le nom est requis');
    await screenshot(page, 'account', 'profile-errors-fr-1280');

    await page.getByTestId('account-input-first_name').fill('Jeanne-Marie');
    await page.getByTestId('account-input-last_name').fill('Roux-Lefèvre');
    await page.getByTestId('account-input-username').fill('jm-roux');
    await page.getByTestId('account-input-contact_method').fill('@jm_roux');
    await page.getByTestId('account-input-country').selectOption('Belgium');
    expect(await helperOf(page, 'account-input-first_name')).toBe('');
    await page.getByTestId('account-save').click();

    await page.getByTestId('account-profile-form').waitFor({ state: 'detached' });
    await page.getByText('Informations personnelles mises à jour').waitFor();
    expect(await page.getByTestId('account-first_name').innerText()).toBe('Jeanne-Marie');
    expect(await page.getByTestId('account-last_name').innerText()).toBe('Roux-Lefèvre');
    expect(await page.getByTestId('account-country').innerText()).toBe('Belgique');
    // The session's user is the saved one: the header shows the new name.
    expect(await page.getByTestId('affiliate-user').innerText()).toContain('Jeanne-Marie Roux-Lefèvre');
    expect(await currentUser(affiliate.token)).toMatchObject({
      first_name: 'Jeanne-Marie', last_name: 'Roux-Lefèvre', username: 'jm-roux', contact_method: '@jm_roux', country: 'Belgium',
    });
    await page.reload();
    await page.getByTestId('account-first_name').getByText('Jeanne-Marie').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cancel leaves the editing mode and puts the saved values back', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Paul', lastName: 'Henry' });
    const { page, errors, context } = await openAccount(affiliate, PHONE, 'en');

    const focusedField = async () => (await focused(page)).testId;
    await page.getByTestId('account-edit').click();
    // The keyboard goes where the eyes go: the editor's first field, the field in error, back on "Edit".
    await expect.poll(focusedField).toBe('account-input-first_name');
    await page.getByTestId('account-input-first_name').fill('');
    await page.getByTestId('account-input-last_name').focus();
    await page.getByTestId('account-save').click();
    await expect.poll(() => helperOf(page, 'account-input-first_name')).toBe('First name is required');
    await expect.poll(focusedField).toBe('account-input-first_name');
    await page.getByTestId('account-cancel').click();
    await expect.poll(focusedField).toBe('account-edit');

    expect(await page.getByTestId('account-first_name').innerText()).toBe('Paul');
    await page.getByTestId('account-edit').click();
    expect(await page.getByTestId('account-input-first_name').inputValue()).toBe('Paul');
    expect(await helperOf(page, 'account-input-first_name')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('email change', () => {
  it('the new address is checked, a code goes to it, the code field keeps 6 digits, and the emailed code completes the change', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Chloé', lastName: 'Fabre', email: 'chloe.fabre@example.test', password: 'chloe-password' });
    const newEmail = 'chloe.nouvelle@example.test';
    const { page, errors, context } = await openAccount(affiliate, DESKTOP, 'fr');
    expect(await page.getByTestId('account-email').innerText()).toBe(affiliate.email);

    await page.getByTestId('account-email-change').click();
    const dialog = page.getByTestId('email-change-dialog');
    await dialog.waitFor();
    await page.getByTestId('account-email-send').click();
    await expect.poll(() => helperOf(page, 'account-new-email')).toBe("L'email est requis");
    expect(await helperOf(page, 'account-email-password')).toBe('Le mot de passe actuel est requis');
    await page.getByTestId('account-new-email').fill('chloe@');
    await page.getByTestId('account-email-send').click();
    await expect.poll(() => helperOf(page, 'account-new-email')).toBe('Adresse email invalide');

    await page.getByTestId('account-new-email').fill(newEmail);
    await page.getByTestId('account-email-password').fill(affiliate.password);
    await page.getByTestId('account-email-send').click();

    const codeField = page.getByTestId('account-email-code');
    await codeField.waitFor();
    await page.getByText('Code envoyé à la nouvelle adresse').waitFor();
    expect(await page.getByTestId('account-email-code-intro').innerText()).toContain(newEmail);
    await codeField.pressSequentially('1a2b3');
    expect(await codeField.inputValue()).toBe('123');
    expect(await helperOf(page, 'account-email-code')).toBe('Le code doit contenir 6 chiffres');
    expect(await page.getByTestId('account-email-verify').isDisabled()).toBe(true);
    await screenshot(page, 'account', 'email-code-step-fr-1280');

    const code = codeIn(await server.smtp.waitForMail(newEmail, { subject: /nouvelle adresse/i }));
    await codeField.fill(` ${code.slice(0, 3)}-${code.slice(3)} `);
    expect(await codeField.inputValue()).toBe(code);
    expect(await page.getByTestId('account-email-verify').isDisabled()).toBe(false);
    await page.getByTestId('account-email-verify').click();

    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Email mis à jour avec succès').waitFor();
    expect(await page.getByTestId('account-email').innerText()).toBe(newEmail);
    expect((await currentUser(affiliate.token)).email).toBe(newEmail);
    expect(errors).toEqual([]);
    await context.close();
    await server.login(newEmail, affiliate.password);
  });

  it('cancel at the address step and at the code step leaves the address unchanged', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Hugo', lastName: 'Blanc' });
    const { page, errors, context } = await openAccount(affiliate, PHONE, 'en');
    const dialog = page.getByTestId('email-change-dialog');

    await page.getByTestId('account-email-change').click();
    await page.getByTestId('account-new-email').fill('hugo.elsewhere@example.test');
    await page.getByTestId('account-email-cancel').click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('account-email-change').click();
    expect(await page.getByTestId('account-new-email').inputValue()).toBe('');
    await page.getByTestId('account-new-email').fill('hugo.elsewhere@example.test');
    await page.getByTestId('account-email-password').fill(affiliate.password);
    await page.getByTestId('account-email-send').click();
    await page.getByTestId('account-email-code').waitFor();
    await screenshot(page, 'account', 'email-code-step-en-375');
    await page.getByTestId('account-email-cancel').click();
    await dialog.waitFor({ state: 'detached' });

    expect(await page.getByTestId('account-email').innerText()).toBe(affiliate.email);
    expect((await currentUser(affiliate.token)).email).toBe(affiliate.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wrong current password keeps the address step and shows "Mot de passe actuel incorrect" under the field', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Inès', lastName: 'Garnier' });

    const { page, context } = await openAccount(affiliate, DESKTOP, 'fr');
    await page.getByTestId('account-email-change').click();
    await page.getByTestId('account-new-email').fill('ines.nouvelle@example.test');
    await page.getByTestId('account-email-password').fill('not-the-password');
    await page.getByTestId('account-email-send').click();

    await expect.poll(() => helperOf(page, 'account-email-password')).toBe('Mot de passe actuel incorrect');
    expect(await page.getByTestId('account-email-code').count()).toBe(0);
    await context.close();
  });
});

describe('password change', () => {
  it('the toggles show and hide each field, a mismatch and a wrong current password are reported, and the new password replaces the old one without signing this tab out', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Léa', lastName: 'Mercier', email: 'lea.mercier@example.test', password: 'lea-old-password' });
    const newPassword = 'lea-new-password';
    const { page, errors, context } = await openAccount(affiliate, DESKTOP, 'fr');
    const tokenBefore = await page.evaluate<string | null>("localStorage.getItem('token')");

    for (const field of ['account-current-password', 'account-new-password', 'account-confirm-password']) {
      expect(await page.getByTestId(field).getAttribute('type')).toBe('password');
      await page.getByTestId(`${field}-toggle`).click();
      expect(await page.getByTestId(field).getAttribute('type')).toBe('text');
    }
    await page.getByTestId('account-current-password-toggle').click();
    expect(await page.getByTestId('account-current-password').getAttribute('type')).toBe('password');

    await page.getByTestId('account-current-password').fill(affiliate.password);
    await page.getByTestId('account-new-password').fill(newPassword);
    await page.getByTestId('account-confirm-password').fill('something-else');
    await page.getByTestId('account-password-submit').click();
    await expect.poll(() => helperOf(page, 'account-confirm-password')).toBe('Les mots de passe ne correspondent pas');
    await page.getByTestId('account-new-password').fill('12345');
    await page.getByTestId('account-password-submit').click();
    await expect.poll(() => helperOf(page, 'account-new-password')).toBe('Le mot de passe doit contenir au moins 6 caractères');
    await screenshot(page, 'account', 'password-errors-fr-1280');

    await page.getByTestId('account-current-password').fill('not-my-password');
    await page.getByTestId('account-new-password').fill(newPassword);
    await page.getByTestId('account-confirm-password').fill(newPassword);
    await page.getByTestId('account-password-submit').click();
    await expect.poll(() => helperOf(page, 'account-current-password')).toBe('Mot de passe actuel incorrect');

    await page.getByTestId('account-current-password').fill(affiliate.password);
    await page.getByTestId('account-password-submit').click();
    await page.getByText('Mot de passe mis à jour avec succès').waitFor();

    expect(await page.getByTestId('account-current-password').inputValue()).toBe('');
    expect(await page.getByTestId('account-new-password').getAttribute('type')).toBe('password');
    const tokenAfter = await page.evaluate<string | null>("localStorage.getItem('token')");
    expect(tokenAfter).not.toBeNull();
    expect(tokenAfter).not.toBe(tokenBefore);
    // This tab goes on with the new token: the account page's own calls still succeed after a reload.
    await page.reload();
    await page.getByTestId('account-manager').getByTestId('account-no-manager').waitFor();
    expect(pathOf(page)).toBe('/affiliate/account');
    // Chromium logs the refused attempt (wrong current password, 400) as a failed resource load; nothing else.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();

    expect((await server.call('POST', '/auth/login', { body: { email: affiliate.email, password: affiliate.password } })).status).toBe(401);
    await server.login(affiliate.email, newPassword);
  });

  it('a password changed in one browser ends the session of another: its next call sends it to /login, with the reason in French', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Marc', lastName: 'Olivier', email: 'marc.olivier@example.test', password: 'marc-old-password' });
    const { page: laptopPage, errors: laptopErrors, context: laptop } = await openAccount(affiliate, DESKTOP, 'fr');
    const { page: phonePage, context: phone } = await openArea(affiliate, PHONE, 'fr');

    await laptopPage.getByTestId('account-current-password').fill(affiliate.password);
    await laptopPage.getByTestId('account-new-password').fill('marc-new-password');
    await laptopPage.getByTestId('account-confirm-password').fill('marc-new-password');
    await laptopPage.getByTestId('account-password-submit').click();
    await laptopPage.getByText('Mot de passe mis à jour avec succès').waitFor();

    // The phone still shows the area; its next call (the account page loads the manager) is refused.
    await phonePage.getByTestId('affiliate-menu').click();
    await phonePage.getByTestId('affiliate-drawer').getByTestId('nav-account').click();

    await phonePage.getByTestId('login-email').waitFor();
    expect(pathOf(phonePage)).toBe('/login');
    await phonePage.getByText('Session expirée : veuillez vous reconnecter').waitFor();
    expect(await phonePage.evaluate<string | null>("localStorage.getItem('token')")).toBeNull();
    await screenshot(phonePage, 'account', 'session-ended-fr-375');
    // Signed out for good: the area is closed until a new sign-in.
    await phonePage.goto('/affiliate/account');
    await phonePage.getByTestId('login-email').waitFor();
    expect(pathOf(phonePage)).toBe('/login');

    // The laptop, which changed the password, carries on.
    await laptopPage.getByTestId('nav-dashboard').click();
    await laptopPage.getByTestId('nav-account').click();
    await laptopPage.getByTestId('account-manager').getByTestId('account-no-manager').waitFor();
    expect(laptopErrors).toEqual([]);
    await laptop.close();
    await phone.close();
  });
});

describe('the account page on each tour (French at 1280 and 375 px, English at 375 px)', () => {
  it.each(TOURS)('$language at $width px: every card is shown, nothing overflows, the tab title is in the language', async ({ language, viewport, tag }) => {
    const affiliate = await server.createAffiliate({ firstName: 'Sacha', lastName: 'Lambert-Delacroix' });
    const { page, errors, context } = await openAccount(affiliate, viewport, language);

    for (const card of ['account-personal-info', 'account-password', 'account-manager', 'account-payment-method']) {
      await page.getByTestId(card).waitFor();
    }
    await page.getByTestId('account-no-manager').waitFor();
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
    expect(await page.title()).toBe(language === 'fr' ? 'Mon compte · Affilux' : 'My account · Affilux');
    await screenshot(page, 'account', `account-${tag}`);
    await page.getByTestId('account-edit').click();
    await page.getByTestId('account-profile-form').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, 'account', `account-editing-${tag}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 360 px, the empty password fields keep their labels clear of the show/hide toggle', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Nina', lastName: 'Étroite' });
    const { page, errors, context } = await openAccount(affiliate, { width: 360, height: 740 }, 'fr');
    for (const field of ['account-current-password', 'account-new-password', 'account-confirm-password']) {
      const box = page.getByTestId(field).locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]');
      const label = (await box.locator('label').boundingBox())!;
      const toggle = (await page.getByTestId(`${field}-toggle`).boundingBox())!;
      expect(label.x + label.width, `${field}: the label ends before the toggle`).toBeLessThanOrEqual(toggle.x);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a frozen account at sign-in', () => {
  it('sees the frozen screen without a welcome toast, under a tab title that says so', async () => {
    const affiliate = await server.createAffiliate({ firstName: 'Gaël', lastName: 'Perrin' });
    await server.recordAccountEvent(affiliate.id, { type: 'AccountFrozen', data: {} });
    const context = await newContext(browser, { baseURL: server.url, viewport: DESKTOP, language: 'fr' });
    const { page, errors } = await openPage(context);

    await signIn(page, affiliate.email, affiliate.password);

    await page.getByTestId('frozen-screen').waitFor();
    await expect.poll(() => page.title()).toBe('Compte gelé · Affilux');
    // Toasts appear within a frame or two of the answer; leave them time to, then check none welcomed.
    await page.waitForTimeout(500);
    expect(await page.getByText(/Bienvenue/).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
