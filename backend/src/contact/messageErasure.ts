import { erasePersonalData } from '../eventstore/personalData';
import type { RecordedEvent } from '../eventstore/eventStore';
import { reactor } from '../processing/processor';
import { contactMessageStream, type ContactMessageEvent } from './events';

/**
 * A contact message deleted in the back office is forgotten: who wrote it, their address and what
 * they wrote are erased from `personal_data` (the log never held them), in the same transaction as
 * this reactor's checkpoint, so a crash never leaves a deleted message's text behind.
 */
export const contactMessageErasure = () =>
  reactor<RecordedEvent & Extract<ContactMessageEvent, { type: 'ContactMessageDeleted' }>>({
    name: 'contact-message-erasure',
    handles: ['ContactMessageDeleted'],
    async react(event, { tx }) {
      await erasePersonalData(tx, contactMessageStream(event.data.message_id));
    },
  });
