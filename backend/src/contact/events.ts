import type { DomainEvent } from '../eventstore/commands';

export type ContactMessageEvent = DomainEvent<'ContactMessageSubmitted', { message_id: string; name: string; email: string; subject: string; message: string }>;

/** A confirmed subscription (double opt-in: the confirmation token lives in `newsletter_confirmations`, never here). */
export type NewsletterEvent = DomainEvent<'NewsletterSubscribed', { subscriber_id: string; email: string }>;

export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;
/** One stream per address (its id derived from the address), so subscribing twice records nothing new. */
export const newsletterSubscriberStream = (subscriberId: string) => `newsletter-subscriber-${subscriberId}`;
