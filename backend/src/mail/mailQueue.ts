import type { Jobs } from '../jobs/jobs';
import type { Mail, Mailer } from './mailer';

const SEND_MAIL = 'send-mail';

export type MailQueue = { enqueue(mail: Mail): Promise<void> };

/**
 * Mails go through a stored job rather than straight to SMTP: a request never waits on the mail
 * server, and an SMTP outage delays mails (retried with backoff) instead of losing them.
 */
export function createMailQueue(jobs: Jobs, mailer: Mailer): MailQueue {
  jobs.define<Mail>(SEND_MAIL, (mail) => mailer.send(mail), { attempts: 5 });
  return {
    enqueue: (mail) => jobs.now(SEND_MAIL, mail),
  };
}
