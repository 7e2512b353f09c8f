import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/testDatabase';
import { createJobs, type Jobs } from '../jobs/jobs';
import { createMailer, type Mailer } from './mailer';
import { createMailQueue } from './mailQueue';

/** A real SMTP server that keeps what it receives, parsed. */
async function startSmtpServer(port: number) {
  const received: Email[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      buffer(stream)
        .then((raw) => PostalMime.parse(raw))
        .then(
        (email) => {
          received.push(email);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet): sending there fails as it does when the mail server is down. */
async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A logger whose records the test can read, to know when a delivery attempt has failed. */
function recordingLogger() {
  const records: Array<{ msg: string; failCount?: number }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { records, log: pino({ level: 'warn' }, sink) };
}

describe('the mail queue', () => {
  let db: TestDatabase;
  // Queues stop before SMTP servers close: a server waits for the connections the mailer pools.
  const queues: Array<{ jobs: Jobs; mailer: Mailer }> = [];
  const smtpServers: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterEach(async () => {
    for (const { jobs, mailer } of queues.splice(0)) {
      await jobs.stop();
      mailer.close();
    }
    await Promise.all(smtpServers.splice(0).map((server) => server.close()));
  });

  afterAll(async () => {
    await db?.drop();
  });

  async function startQueue(smtpPort: number, log: pino.Logger) {
    const jobs: Jobs = createJobs({ databaseUrl: db.url, log });
    const mailer: Mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Affilux <no-reply@affilux.test>' });
    const queue = createMailQueue(jobs, db.pool, mailer);
    await jobs.start();
    queues.push({ jobs, mailer });
    return queue;
  }

  it('delivers a queued mail to the SMTP server', async () => {
    const smtp = await startSmtpServer(0);
    smtpServers.push(smtp);
    const queue = await startQueue(smtp.port, pino({ level: 'silent' }));

    await queue.enqueue({
      to: 'camille.martin@example.com',
      subject: 'Votre candidature a été approuvée',
      text: 'Bienvenue chez Affilux !',
      html: '<p>Bienvenue chez <b>Affilux</b> !</p>',
    });

    await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.subject).toBe('Votre candidature a été approuvée');
    expect(mail!.to).toEqual([{ name: '', address: 'camille.martin@example.com' }]);
    expect(mail!.from).toEqual({ name: 'Affilux', address: 'no-reply@affilux.test' });
    expect(mail!.text?.trim()).toBe('Bienvenue chez Affilux !');
    expect(mail!.html?.trim()).toBe('<p>Bienvenue chez <b>Affilux</b> !</p>');
  });

  it('delivers a mail queued while the SMTP server is down once the server is back', async () => {
    const port = await unusedPort();
    const { records, log } = recordingLogger();
    const queue = await startQueue(port, log);

    await queue.enqueue({ to: 'lea@example.com', subject: 'Code de vérification', text: '482913', html: '<p>482913</p>' });
    await expect.poll(() => records.filter((r) => r.msg === 'job failed').length, { timeout: 5000 }).toBe(1);

    const smtp = await startSmtpServer(port);
    smtpServers.push(smtp);

    await expect.poll(() => smtp.received.map((m) => m.subject), { timeout: 10_000, interval: 200 }).toEqual(['Code de vérification']);
    expect(records.find((r) => r.msg === 'job failed')?.failCount).toBe(1);
  });
});
