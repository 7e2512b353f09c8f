import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import { contactMessagesProjection } from './projection';

describe('the contact messages read model', () => {
  it('lists a message as new, with its time', () => {
    const row = fold(contactMessagesProjection, recorded('contact-message-c1', [
      { type: 'ContactMessageSubmitted' as const, data: { message_id: 'c1', name: 'Léa', email: 'lea@example.test', subject: 'Question', message: 'Quelles offres ?' } },
    ]));
    expect(row).toEqual({ id: 'c1', name: 'Léa', email: 'lea@example.test', subject: 'Question', message: 'Quelles offres ?', status: 'new', created_at: '2026-11-16T09:00:00.000Z' });
  });
});
