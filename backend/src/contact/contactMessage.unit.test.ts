import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { contactMessageDecider, newsletterSubscriberDecider } from './contactMessage';

const fields = { name: 'Léa', email: 'lea@example.test', subject: 'Question sur les offres', message: 'Bonjour, quelles offres sont privées ?' };

describe('contact messages', () => {
  it('records a message once', () => {
    const submitted = { type: 'ContactMessageSubmitted' as const, data: { message_id: 'c1', ...fields } };
    deciderSpec(contactMessageDecider).given().when({ type: 'SubmitContactMessage', messageId: 'c1', fields }).then([submitted]);
    deciderSpec(contactMessageDecider).given(submitted).when({ type: 'SubmitContactMessage', messageId: 'c1', fields }).thenThrows(409, 'Message already recorded');
  });
});

describe('a contact message in the back office', () => {
  const submitted = { type: 'ContactMessageSubmitted' as const, data: { message_id: 'c1', ...fields } };
  const status = (value: 'new' | 'read' | 'replied') => ({ type: 'ContactMessageStatusChanged' as const, data: { message_id: 'c1', status: value } });
  const { given } = deciderSpec(contactMessageDecider);

  it('arrives new, and is read then replied', () => {
    given(submitted).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'read' }).then([status('read')]);
    given(submitted, status('read')).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'replied' }).then([status('replied')]);
  });

  it('may be set to any status, and setting the current one records nothing', () => {
    given(submitted, status('replied')).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'new' }).then([status('new')]);
    given(submitted).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'new' }).then([]);
    given(submitted, status('replied')).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'replied' }).then([]);
  });

  it('is deleted once; a deleted or unknown message is not found', () => {
    const deleted = { type: 'ContactMessageDeleted' as const, data: { message_id: 'c1' } };
    given(submitted, status('read')).when({ type: 'DeleteContactMessage', messageId: 'c1' }).then([deleted]);
    given(submitted, deleted).when({ type: 'DeleteContactMessage', messageId: 'c1' }).thenThrows(404, 'Message introuvable');
    given(submitted, deleted).when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'read' }).thenThrows(404, 'Message introuvable');
    given().when({ type: 'ChangeContactMessageStatus', messageId: 'c1', status: 'read' }).thenThrows(404, 'Message introuvable');
    given().when({ type: 'DeleteContactMessage', messageId: 'c1' }).thenThrows(404, 'Message introuvable');
  });

  it('cannot be submitted again once deleted', () => {
    given(submitted, { type: 'ContactMessageDeleted', data: { message_id: 'c1' } }).when({ type: 'SubmitContactMessage', messageId: 'c1', fields }).thenThrows(409, 'Message already recorded');
  });
});

describe('newsletter subscribers', () => {
  it('subscribes a confirmed address once', () => {
    const subscribed = { type: 'NewsletterSubscribed' as const, data: { subscriber_id: 's1', email: 'lea@example.test' } };
    const confirm = { type: 'ConfirmSubscription' as const, subscriberId: 's1', email: 'lea@example.test' };
    deciderSpec(newsletterSubscriberDecider).given().when(confirm).then([subscribed]);
    deciderSpec(newsletterSubscriberDecider).given(subscribed).when(confirm).then([]);
  });
});
