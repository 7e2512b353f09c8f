import type pg from 'pg';
import type { Jobs } from '../jobs/jobs';
import type { Reaction } from '../processing/processor';
import type { Mail, Mailer } from './mailer';

const SEND_MAIL = 'send-mail';
const SWEEP_MAIL = 'sweep-mail-outbox';

export type MailQueue = {
  /** Queues a mail a request asks for (a code, a reset link): stored, then sent by a job. */
  enqueue(mail: Mail): Promise<void>;
  /**
   * Queues a mail a reactor sends because of an event: stored in the reactor's transaction under
   * `key`, so a reactor that runs again after a crash queues nothing twice; sent once that
   * transaction has committed.
   */
  enqueueInReaction(reaction: Reaction, key: string, mail: Mail): Promise<void>;
};

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Mails go through a table (`mail_outbox`) and a stored job rather than straight to SMTP: a request
 * never waits on the mail server, an SMTP outage delays mails (retried with backoff) instead of
 * losing them, and a mail a reactor decides is recorded atomically with the reactor's checkpoint.
 * Once sent, a mail's content is wiped (codes and links must not linger); its key stays, so the
 * same reaction never mails twice. A sweep re-queues mails whose job was lost (a crash between a
 * commit and the job's creation) and gives up on a mail after a day.
 */
export function createMailQueue(jobs: Jobs, pool: pg.Pool, mailer?: Mailer): MailQueue {
  // The projections process (PROJECTIONS=external) only queues mails: the server's jobs send them.
  jobs.define<{ id: number }>(
    SEND_MAIL,
    async ({ id }) => {
      if (!mailer) throw new Error('This process queues mails but does not send them');
      const { rows } = await pool.query<{ recipient: string; subject: string; text: string; html: string }>(
        'SELECT recipient, subject, text, html FROM mail_outbox WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL',
        [id],
      );
      const mail = rows[0];
      if (!mail) return;
      await mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html });
      await pool.query("UPDATE mail_outbox SET sent_at = now(), text = '', html = '' WHERE id = $1", [id]);
    },
    { attempts: 5 },
  );
  jobs.define(SWEEP_MAIL, async () => {
    await pool.query("UPDATE mail_outbox SET failed_at = now(), text = '', html = '' WHERE sent_at IS NULL AND failed_at IS NULL AND created_at < now() - interval '1 day'");
    const { rows } = await pool.query<{ id: number }>(
      `UPDATE mail_outbox SET queued_at = now()
        WHERE sent_at IS NULL AND failed_at IS NULL AND queued_at < now() - interval '10 minutes' RETURNING id`,
    );
    for (const { id } of rows) await jobs.now(SEND_MAIL, { id });
  }, { schedule: { every: '5 minutes' } });

  const store = async (db: Queryable, mail: Mail, key: string | null): Promise<number | null> => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO mail_outbox (key, recipient, subject, text, html) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [key, mail.to, mail.subject, mail.text, mail.html],
    );
    return rows[0]?.id ?? null;
  };

  return {
    async enqueue(mail) {
      const id = await store(pool, mail, null);
      await jobs.now(SEND_MAIL, { id });
    },
    async enqueueInReaction(reaction, key, mail) {
      const id = await store(reaction.tx, mail, key);
      if (id !== null) reaction.afterCommit(() => jobs.now(SEND_MAIL, { id }));
    },
  };
}
