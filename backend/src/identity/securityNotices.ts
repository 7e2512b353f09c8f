import type { AccountEvent } from '../accounts/events';
import { userIdOfStream } from '../accounts/events';
import { findUser } from '../accounts/users/queries';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { reactor } from '../processing/processor';
import { emailChangedNotice, passwordChangedNotice } from './securityEmails';

type Notified = RecordedEvent & Extract<AccountEvent, { type: 'PasswordChanged' | 'EmailChanged' }>;

/**
 * Tells the owner when their password or address changes, so that a change they did not make does
 * not go unnoticed: the address change to the previous address, the password change to the current one.
 */
export const securityNotices = (deps: Pick<ReactorDeps, 'pool' | 'mail' | 'publicUrl'>) =>
  reactor<Notified>({
    name: 'security-notices',
    handles: ['PasswordChanged', 'EmailChanged'],
    startFrom: 'now',
    async react(event, reaction) {
      const user = await findUser(deps.pool, userIdOfStream(event.streamId));
      if (!user) return;
      const mail =
        event.type === 'EmailChanged'
          ? emailChangedNotice(event.data.previous_email, user.first_name, event.data.email)
          : passwordChangedNotice(user.email, user.first_name, deps.publicUrl);
      await deps.mail.enqueueInReaction(reaction, `security-notices/${event.id}`, mail);
    },
  });
