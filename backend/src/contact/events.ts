import type { ContactMessageStatus } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';
import type { PersonalFields } from '../eventstore/personalData';

/** Events of `contact-message-<id>`: a message from the public form, then how the back office handles it. */
export type ContactMessageEvent =
  | DomainEvent<'ContactMessageSubmitted', { message_id: string; name: string; email: string; subject: string; message: string }>
  | DomainEvent<'ContactMessageStatusChanged', { message_id: string; status: ContactMessageStatus }>
  | DomainEvent<'ContactMessageDeleted', { message_id: string }>;

/** A confirmed subscription (double opt-in: the confirmation token lives in `newsletter_confirmations`, never here). */
export type NewsletterEvent = DomainEvent<'NewsletterSubscribed', { subscriber_id: string; email: string }>;

export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;
/** One stream per address (its id derived from the address), so subscribing twice records nothing new. */
export const newsletterSubscriberStream = (subscriberId: string) => `newsletter-subscriber-${subscriberId}`;

/** Who wrote, their address and what they wrote; a subscriber's address: kept in `personal_data`, never in the log (eventstore/personalData.ts). */
export const contactPersonalFields: PersonalFields = {
  ContactMessageSubmitted: ['name', 'email', 'subject', 'message'],
  NewsletterSubscribed: ['email'],
};
