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

describe('newsletter subscribers', () => {
  it('subscribes a confirmed address once', () => {
    const subscribed = { type: 'NewsletterSubscribed' as const, data: { subscriber_id: 's1', email: 'lea@example.test' } };
    const confirm = { type: 'ConfirmSubscription' as const, subscriberId: 's1', email: 'lea@example.test' };
    deciderSpec(newsletterSubscriberDecider).given().when(confirm).then([subscribed]);
    deciderSpec(newsletterSubscriberDecider).given(subscribed).when(confirm).then([]);
  });
});
