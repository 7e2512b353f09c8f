import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { ContactMessageEvent } from '../events';
import { contactMessagesProjection } from './projection';

const submitted: ContactMessageEvent = {
  type: 'ContactMessageSubmitted',
  data: { message_id: 'c1', name: 'Léa', email: 'lea@example.test', subject: 'Question', message: 'Quelles offres ?' },
};

describe('the contact messages read model', () => {
  it('lists a message as new, with its time', () => {
    expect(fold(contactMessagesProjection, recorded('contact-message-c1', [submitted]))).toEqual({
      id: 'c1', name: 'Léa', email: 'lea@example.test', subject: 'Question', message: 'Quelles offres ?', status: 'new', created_at: '2026-11-16T09:00:00.000Z',
    });
  });

  it('follows its status, keeping when it arrived', () => {
    const [first] = recorded('contact-message-c1', [submitted]);
    const later = recorded('contact-message-c1', [
      { type: 'ContactMessageStatusChanged', data: { message_id: 'c1', status: 'read' } },
      { type: 'ContactMessageStatusChanged', data: { message_id: 'c1', status: 'replied' } },
    ] as ContactMessageEvent[], '2026-11-17T10:00:00.000Z');
    expect(fold(contactMessagesProjection, [first!, ...later])).toMatchObject({ status: 'replied', created_at: '2026-11-16T09:00:00.000Z' });
  });

  it('drops a deleted message', () => {
    expect(fold(contactMessagesProjection, recorded('contact-message-c1', [submitted, { type: 'ContactMessageDeleted', data: { message_id: 'c1' } }]))).toBeNull();
  });

  it('ignores a status change of a message it never saw', () => {
    expect(fold(contactMessagesProjection, recorded('contact-message-c9', [{ type: 'ContactMessageStatusChanged', data: { message_id: 'c9', status: 'read' } }]))).toBeNull();
  });
});
