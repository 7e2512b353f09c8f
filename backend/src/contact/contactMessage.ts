import type { ContactMessageStatus } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { ContactMessageEvent, NewsletterEvent } from './events';

type ContactMessageFields = { name: string; email: string; subject: string; message: string };

/** A message's stream folded: not submitted, handled in one of its statuses, or deleted (the stream then ends). */
export type ContactMessage = { status: 'none' | ContactMessageStatus | 'deleted' };

export type ContactMessageCommand =
  | { type: 'SubmitContactMessage'; messageId: string; fields: ContactMessageFields }
  /** Any status may be set (spec); setting the current one records nothing. */
  | { type: 'ChangeContactMessageStatus'; messageId: string; status: ContactMessageStatus }
  | { type: 'DeleteContactMessage'; messageId: string };

export const CONTACT_MESSAGE_NOT_FOUND = 'Message introuvable';

function evolve(_state: ContactMessage, event: ContactMessageEvent): ContactMessage {
  switch (event.type) {
    case 'ContactMessageSubmitted':
      return { status: 'new' };
    case 'ContactMessageStatusChanged':
      return { status: event.data.status };
    case 'ContactMessageDeleted':
      return { status: 'deleted' };
  }
}

function decide(command: ContactMessageCommand, state: ContactMessage): ContactMessageEvent[] {
  switch (command.type) {
    case 'SubmitContactMessage':
      if (state.status !== 'none') throw new AppError(409, 'Message already recorded');
      return [{ type: 'ContactMessageSubmitted', data: { message_id: command.messageId, ...command.fields } }];
    case 'ChangeContactMessageStatus':
      if (state.status === 'none' || state.status === 'deleted') throw new AppError(404, CONTACT_MESSAGE_NOT_FOUND);
      return state.status === command.status ? [] : [{ type: 'ContactMessageStatusChanged', data: { message_id: command.messageId, status: command.status } }];
    case 'DeleteContactMessage':
      if (state.status === 'none' || state.status === 'deleted') throw new AppError(404, CONTACT_MESSAGE_NOT_FOUND);
      return [{ type: 'ContactMessageDeleted', data: { message_id: command.messageId } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The one decider of `contact-message-<id>` streams. */
export const contactMessageDecider: Decider<ContactMessageCommand, ContactMessageEvent, ContactMessage> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};

/** The one decider of `newsletter-subscriber-<id>` streams: subscribing an address already subscribed records nothing. */
export const newsletterSubscriberDecider: Decider<{ type: 'ConfirmSubscription'; subscriberId: string; email: string }, NewsletterEvent, { subscribed: boolean }> = {
  initialState: () => ({ subscribed: false }),
  evolve: () => ({ subscribed: true }),
  decide: (command, state) => (state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { subscriber_id: command.subscriberId, email: command.email } }]),
};
