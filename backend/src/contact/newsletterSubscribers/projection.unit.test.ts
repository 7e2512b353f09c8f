import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import { newsletterSubscribersProjection } from './projection';

describe('the newsletter subscribers read model', () => {
  it('lists a confirmed address with the time it was confirmed', () => {
    const row = fold(newsletterSubscribersProjection, recorded('newsletter-subscriber-s1', [{ type: 'NewsletterSubscribed' as const, data: { subscriber_id: 's1', email: 'lea@example.test' } }]));
    expect(row).toEqual({ id: 's1', email: 'lea@example.test', subscribed_at: '2026-11-16T09:00:00.000Z' });
  });
});
