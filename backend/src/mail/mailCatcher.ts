import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import express from 'express';
import type pg from 'pg';
import type pino from 'pino';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { inboxPage } from './inboxPage';
import { inTransaction } from '../db/transaction';
import { CONTENT_SECURITY_POLICY, policyHeader } from '../http/securityHeaders';

/** The catcher keeps only the newest messages; older ones are deleted as new ones arrive. */
const KEPT_MAILS = 1000;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export type MailCatcher = {
  /** Where to send mail so that it lands in this catcher, e.g. smtp://127.0.0.1:1025. */
  smtpUrl: string;
  /** The web inbox and its JSON API; mount it where it should be served (e.g. /inbox). */
  router: express.Router;
  close(): Promise<void>;
};

/**
 * A local SMTP server (127.0.0.1 only, no TLS, no authentication) that stores every message it
 * receives in `caught_mails`, with a web inbox to read them: the default when no real SMTP server
 * is configured, so that verification codes and reset links can be read on a developer machine.
 */
export async function startMailCatcher(options: { pool: pg.Pool; smtpPort: number; log?: pino.Logger }): Promise<MailCatcher> {
  const { pool, log } = options;
  const server = new SMTPServer({
    name: 'affilux-mail-catcher',
    banner: 'Affilux local mail catcher',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 2000,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      buffer(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            throw Object.assign(new Error(`Message exceeds the ${MAX_MESSAGE_BYTES} bytes limit`), { responseCode: 552 });
          }
          await storeMail(pool, raw, envelopeFrom, recipients);
        })
        .then(
          () => callback(),
          (error: Error) => {
            log?.error({ err: error }, 'mail catcher could not store a message');
            callback(error);
          },
        );
    },
  });
  // Client sockets that reset or time out surface here; without a listener they would crash the process.
  // A failure to listen surfaces here too: that one is the start's failure, said once by `listen`.
  let listening = false;
  server.on('error', (error) => listening && log?.warn({ err: error }, 'mail catcher SMTP connection error'));

  const port = await listen(server, options.smtpPort);
  listening = true;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    router: inboxRouter(pool),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`The mail catcher cannot listen on 127.0.0.1:${port}: the port is already in use: choose another with MAIL_CATCHER_SMTP_PORT (0: any free port)`, { cause: error })
          : error,
      );
    };
    server.server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', onError);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

async function storeMail(pool: pg.Pool, raw: Buffer, envelopeFrom: string, recipients: string[]): Promise<void> {
  const email = await PostalMime.parse(raw);
  await inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO caught_mails ("from", "to", subject, text, html, raw) VALUES ($1, $2, $3, $4, $5, $6)`,
      [formatAddress(email.from) || envelopeFrom, recipients, email.subject ?? '', email.text ?? '', email.html ?? null, raw],
    );
    await client.query(
      `DELETE FROM caught_mails
        WHERE id <= (SELECT id FROM caught_mails ORDER BY id DESC OFFSET $1 LIMIT 1)`,
      [KEPT_MAILS],
    );
  });
}

function formatAddress(address: Address | undefined): string {
  if (!address) return '';
  if (address.group) return address.group.map((member) => formatAddress(member)).join(', ');
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

function inboxRouter(pool: pg.Pool): express.Router {
  const router = express.Router();
  router.use(onlyFromThisMachine);
  // The mails hold sign-in codes and reset links: never kept by a cache.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', (req, res) => {
    const page = inboxPage(req.baseUrl);
    res.set({ 'Content-Security-Policy': inboxPolicy(page) }).type('html').send(page);
  });

  router.get('/api/messages', async (req, res) => {
    const to = typeof req.query.to === 'string' && req.query.to.trim() !== '' ? req.query.to.trim().toLowerCase() : null;
    const { rows } = await pool.query(
      `SELECT id, "from", "to", subject, received_at FROM caught_mails
        WHERE $1::text IS NULL OR $1 = ANY ("to")
        ORDER BY id DESC`,
      [to],
    );
    res.json(rows);
  });

  router.get('/api/messages/:id', async (req, res) => {
    const message = await findMessage(pool, req.params.id, 'id, "from", "to", subject, text, html, received_at');
    if (!message) {
      res.status(404).json({ message: 'Message not found' });
      return;
    }
    res.json(message);
  });

  // The message as received (headers and MIME parts), for checking what a mail client would get.
  router.get('/api/messages/:id/raw', async (req, res) => {
    const message = await findMessage<{ raw: Buffer }>(pool, req.params.id, 'raw');
    if (!message) {
      res.status(404).json({ message: 'Message not found' });
      return;
    }
    res.type('text/plain; charset=utf-8').send(message.raw);
  });

  router.delete('/api/messages', async (_req, res) => {
    await pool.query('DELETE FROM caught_mails');
    res.status(204).end();
  });

  return router;
}

/**
 * The product's policy, with the inbox page's own inline script allowed by its hash (and nothing
 * else inline), and inline styles for the page and for the mails shown in its sandboxed iframe
 * (which inherits this policy). Remote images in mails stay blocked, as a careful mail client does.
 */
function inboxPolicy(page: string): string {
  const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return policyHeader({ ...CONTENT_SECURITY_POLICY, 'script-src': scripts, 'style-src': ["'unsafe-inline'"] });
}

/**
 * The inbox has no sign-in and shows reset links, so it is for the operator's own browser only.
 * A DNS-rebinding page (evil.example resolving to 127.0.0.1) reaches it with its own name in the
 * Host header: only loopback names are answered (localhost, 127.x.x.x, [::1], any port). The Host
 * header as sent is used, never X-Forwarded-Host. Changes (DELETE) from a browser must come from
 * the inbox's own origin: a request whose Origin or Sec-Fetch-Site says otherwise is refused; a
 * client that sends neither (curl, scripts) is not a browser page and is let through.
 */
function onlyFromThisMachine(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const host = req.headers.host ?? '';
  if (!isLoopbackHost(host)) {
    res.status(403).json({ message: 'The local inbox only answers at a loopback address: open it at http://localhost:<port>/inbox on this machine', code: 'inbox_loopback_only' });
    return;
  }
  if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && !isSameOrigin(req, host)) {
    res.status(403).json({ message: 'Changes to the local inbox are accepted only from the inbox page itself', code: 'inbox_cross_origin' });
    return;
  }
  next();
}

/** `localhost`, `127.x.x.x` or `[::1]`, each with an optional port. */
export function isLoopbackHost(host: string): boolean {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  if (!match) return false;
  const name = match[1]!;
  return name === 'localhost' || name === '[::1]' || /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(name);
}

function isSameOrigin(req: express.Request, host: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const url = new URL(origin);
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false; // 'null' and other opaque origins
  }
}

async function findMessage<Row extends pg.QueryResultRow>(pool: pg.Pool, idParam: string, columns: string): Promise<Row | undefined> {
  if (!/^\d{1,9}$/.test(idParam)) return undefined;
  const { rows } = await pool.query<Row>(`SELECT ${columns} FROM caught_mails WHERE id = $1`, [Number(idParam)]);
  return rows[0];
}
