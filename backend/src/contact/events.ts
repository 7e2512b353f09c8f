import type { DomainEvent } from '../eventstore/commands';

export type ContactEvent =
  | DomainEvent<'ContactMessageSubmitted', { message_id: string; name: string; email: string; subject: string; message: string }>
  | DomainEvent<'NewsletterSubscribed', { subscriber_id: string; email: string }>;

export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;
/** One stream per address (its id derived from the address), so subscribing twice records nothing new. */
export const newsletterSubscriberStream = (subscriberId: string) => `newsletter-subscriber-${subscriberId}`;
