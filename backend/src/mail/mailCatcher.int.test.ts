import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { isLoopbackHost, startMailCatcher, type MailCatcher } from './mailCatcher';
import { createMailer, type Mailer } from './mailer';
import { securityHeaders } from '../http/securityHeaders';

const CHROMIUM = '/usr/bin/chromium';

/** A raw HTTP request, so that the Host header is exactly what a browser under DNS rebinding would send. */
function rawRequest(url: string, options: { method?: string; headers: Record<string, string> }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

type ListedMessage = { id: number; from: string; to: string[]; subject: string; received_at: string };
type FullMessage = ListedMessage & { text: string; html: string | null };

describe('the local mail catcher', () => {
  let db: TestDatabase;
  let catcher: MailCatcher;
  let mailer: Mailer;
  let http: Server;
  let inboxUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    catcher = await startMailCatcher({ pool: db.pool, smtpPort: 0 });
    mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'Affilux <no-reply@affilux.test>' });
    const app = express();
    // As app.ts mounts it: the product's security headers, which the inbox page narrows for itself.
    app.use(securityHeaders());
    app.use('/inbox', catcher.router);
    http = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    inboxUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/inbox`;
  });

  afterAll(async () => {
    mailer?.close();
    await catcher?.close();
    await new Promise((resolve) => http?.close(resolve));
    await db?.drop();
  });

  beforeEach(async () => {
    expect((await fetch(`${inboxUrl}/api/messages`, { method: 'DELETE' })).status).toBe(204);
  });

  async function listMessages(to?: string): Promise<ListedMessage[]> {
    const response = await fetch(`${inboxUrl}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    expect(response.status).toBe(200);
    return (await response.json()) as ListedMessage[];
  }

  it('stores a mail sent over SMTP and serves it back through the JSON API', async () => {
    await mailer.send({
      to: 'Camille.Martin@example.com',
      subject: 'Vérifiez votre adresse e-mail',
      text: 'Votre code de vérification : 482913',
      html: '<p>Votre code de vérification : <strong>482913</strong></p>',
    });

    const listed = await listMessages('camille.martin@example.com');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      from: 'Affilux <no-reply@affilux.test>',
      to: ['camille.martin@example.com'],
      subject: 'Vérifiez votre adresse e-mail',
    });

    const response = await fetch(`${inboxUrl}/api/messages/${listed[0]!.id}`);
    expect(response.status).toBe(200);
    const message = (await response.json()) as FullMessage;
    expect(message.text.trim()).toBe('Votre code de vérification : 482913');
    expect(message.html?.trim()).toBe('<p>Votre code de vérification : <strong>482913</strong></p>');
    expect(message.to).toEqual(['camille.martin@example.com']);
    expect(Date.parse(message.received_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists the newest mail first and filters by recipient', async () => {
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });

    expect((await listMessages()).map((m) => m.subject)).toEqual(['Second', 'First']);
    expect((await listMessages('first@example.com')).map((m) => m.subject)).toEqual(['First']);
    expect(await listMessages('nobody@example.com')).toEqual([]);
  });

  it('answers 404 for a message that does not exist', async () => {
    expect((await fetch(`${inboxUrl}/api/messages/987654`)).status).toBe(404);
    expect((await fetch(`${inboxUrl}/api/messages/not-a-number`)).status).toBe(404);
  });

  it('keeps only the newest 1000 mails', async () => {
    await db.pool.query(
      `INSERT INTO caught_mails ("from", "to", subject, text, raw)
       SELECT 'old@example.com', ARRAY['someone@example.com'], 'Old ' || n, 'old', '\\x00'::bytea
         FROM generate_series(1, 1000) AS n`,
    );
    await mailer.send({ to: 'someone@example.com', subject: 'Newest', text: 'new', html: '<p>new</p>' });

    const messages = await listMessages();
    expect(messages).toHaveLength(1000);
    expect(messages[0]!.subject).toBe('Newest');
    expect(messages.some((m) => m.subject === 'Old 1')).toBe(false);
    expect(messages.at(-1)!.subject).toBe('Old 2');
  });

  describe('only for the browser of this machine', () => {
    const port = () => new URL(inboxUrl).port;

    it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5', '[::2]'])(
      'answers a request whose Host is %j with 403 and a JSON message, page and messages alike (DNS rebinding)',
      async (name) => {
        await mailer.send({ to: 'victim@example.com', subject: 'Reset', text: 'http://127.0.0.1:9/reset-password?token=secret', html: '<p>reset</p>' });
        const host = `${name}:${port()}`;

        for (const path of ['/inbox', '/inbox/api/messages']) {
          const answer = await rawRequest(`${inboxUrl.replace('/inbox', '')}${path}`, { headers: { host } });
          expect(answer.status, path).toBe(403);
          expect(JSON.parse(answer.body)).toMatchObject({ message: expect.stringContaining('loopback') });
          expect(answer.body).not.toContain('secret');
        }
      },
    );

    it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]'])('answers when the Host is %s (with the port)', async (name) => {
      const answer = await rawRequest(`${inboxUrl}/api/messages`, { headers: { host: `${name}:${port()}` } });

      expect(answer.status).toBe(200);
    });

    it('recognises loopback names with or without a port, and nothing else', () => {
      expect(['localhost', 'localhost:3000', '127.0.0.1', '127.255.0.1:80', '[::1]', '[::1]:3000'].filter(isLoopbackHost)).toHaveLength(6);
      expect(['127.0.0.256', '127.0.0.1.evil', 'evil.localhost.example', '[::1].evil', 'localhost:3000:1', '0.0.0.0', '::1'].filter(isLoopbackHost)).toEqual([]);
    });

    it.each([
      { headers: { origin: 'http://evil.example' }, why: 'another origin' },
      { headers: { origin: 'http://localhost:1' }, why: 'another port on this machine' },
      { headers: { origin: 'null' }, why: 'an opaque origin' },
      { headers: { 'sec-fetch-site': 'cross-site' }, why: 'a cross-site page' },
      { headers: { 'sec-fetch-site': 'same-site' }, why: 'a same-site page on another port' },
    ] as { headers: Record<string, string>; why: string }[])('refuses to delete the mails for $why (403), and keeps them', async ({ headers }) => {
      await mailer.send({ to: 'kept@example.com', subject: 'Kept', text: 'kept', html: '<p>kept</p>' });

      const answer = await rawRequest(`${inboxUrl}/api/messages`, { method: 'DELETE', headers: { host: new URL(inboxUrl).host, ...headers } });

      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
      expect((await listMessages()).map((m) => m.subject)).toEqual(['Kept']);
    });

    it('deletes the mails when the request comes from the inbox page itself (same origin)', async () => {
      await mailer.send({ to: 'gone@example.com', subject: 'Gone', text: 'gone', html: '<p>gone</p>' });
      const { host, origin } = new URL(inboxUrl);

      const answer = await rawRequest(`${inboxUrl}/api/messages`, { method: 'DELETE', headers: { host, origin, 'sec-fetch-site': 'same-origin' } });

      expect(answer.status).toBe(204);
      expect(await listMessages()).toEqual([]);
    });
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('shows the mail in the web inbox, with its links clickable', async () => {
    await mailer.send({
      to: 'lea@example.com',
      subject: 'Réinitialisation du mot de passe',
      text: 'Ouvrez http://127.0.0.1:9/reset-password?token=abc pour choisir un nouveau mot de passe.',
      html: '<p style="font-size:15px"><a href="http://127.0.0.1:9/reset-password?token=abc" style="color:#e0245e">Choisir un nouveau mot de passe</a></p>',
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      await page.goto(inboxUrl);
      const item = page.locator('#list li', { hasText: 'Réinitialisation du mot de passe' });
      await expect.poll(() => item.count()).toBe(1);
      await expect.poll(() => item.textContent()).toContain('lea@example.com');
      await item.click();

      const link = page.frameLocator('#reader iframe').getByRole('link', { name: 'Choisir un nouveau mot de passe' });
      expect(await link.getAttribute('href')).toBe('http://127.0.0.1:9/reset-password?token=abc');

      await page.getByRole('button', { name: 'Text' }).click();
      expect(await page.locator('#reader pre a').getAttribute('href')).toBe('http://127.0.0.1:9/reset-password?token=abc');

      // The page's own "Delete all" (a same-origin DELETE) still works.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete all' }).click();
      await expect.poll(() => listMessages()).toEqual([]);
      // The page's inline script ran under its hash, and the mail's inline styles were allowed.
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
