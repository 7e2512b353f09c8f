import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { ContactMessageEvent, NewsletterEvent } from './events';

type ContactMessageFields = { name: string; email: string; subject: string; message: string };

/** The one decider of `contact-message-<id>` streams. */
export const contactMessageDecider: Decider<{ type: 'SubmitContactMessage'; messageId: string; fields: ContactMessageFields }, ContactMessageEvent, { exists: boolean }> = {
  initialState: () => ({ exists: false }),
  evolve: () => ({ exists: true }),
  decide(command, state) {
    if (state.exists) throw new AppError(409, 'Message already recorded');
    return [{ type: 'ContactMessageSubmitted', data: { message_id: command.messageId, ...command.fields } }];
  },
};

/** The one decider of `newsletter-subscriber-<id>` streams: subscribing an address already subscribed records nothing. */
export const newsletterSubscriberDecider: Decider<{ type: 'ConfirmSubscription'; subscriberId: string; email: string }, NewsletterEvent, { subscribed: boolean }> = {
  initialState: () => ({ subscribed: false }),
  evolve: () => ({ subscribed: true }),
  decide: (command, state) => (state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { subscriber_id: command.subscriberId, email: command.email } }]),
};
