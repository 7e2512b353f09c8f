import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { reactor } from '../processing/processor';
import { carriedOverEmail, dormancyWarningEmail, writeOffEmail } from './emails';
import type { LedgerEvent } from './events';

type Mailed = RecordedEvent & Extract<LedgerEvent, { type: 'BalanceCarriedOver' | 'DormancyWarned' | 'BalanceWrittenOff' }>;

/**
 * Tells affiliates what happens to their balance: carried over below the minimum (one carry-over per
 * week, so one mail a week at most; a balance at zero or below says nothing), the dormancy
 * warning at day 60 (once per dormant period) and the write-off that follows it.
 */
export const payoutMails = (deps: Pick<ReactorDeps, 'pool' | 'mail' | 'publicUrl'>) =>
  reactor<Mailed>({
    name: 'payout-mails',
    handles: ['BalanceCarriedOver', 'DormancyWarned', 'BalanceWrittenOff'],
    startFrom: 'now',
    async react(event, reaction) {
      if (event.type === 'BalanceCarriedOver' && (event.data.reason !== 'below_minimum' || event.data.balance_cents <= 0)) return;
      const { rows } = await reaction.tx.query<{ email: string; first_name: string }>('SELECT email, first_name FROM rm_users WHERE id = $1', [event.data.user_id]);
      const user = rows[0];
      if (!user) return;
      const mail =
        event.type === 'BalanceCarriedOver' ? carriedOverEmail(user.email, user.first_name, event.data, deps.publicUrl)
        : event.type === 'DormancyWarned' ? dormancyWarningEmail(user.email, user.first_name, event.data, deps.publicUrl)
        : writeOffEmail(user.email, user.first_name, event.data, deps.publicUrl);
      await deps.mail.enqueueInReaction(reaction, `payout-mails/${event.type}/${event.data.user_id}/${event.type === 'BalanceCarriedOver' ? event.data.week : event.id}`, mail);
    },
  });
