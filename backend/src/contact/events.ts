import type { DomainEvent } from '../eventstore/commands';

export type ContactEvent = DomainEvent<
  'ContactMessageSubmitted',
  { message_id: string; name: string; email: string; subject: string; message: string }
>;

export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;
