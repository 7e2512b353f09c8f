import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { ApplicationEvent } from '../events';
import { applicationsProjection } from './projection';

const submitted: ApplicationEvent = {
  type: 'ApplicationSubmitted',
  data: {
    application_id: 'a1', first_name: 'Léa', last_name: 'Bernard', username: 'lea', email: 'lea@example.test', profile_type: 'website', contact_method: '@lea',
    country: 'Belgium', experience_description: 'Owner of three dating review sites', affiliate_niches: [], traffic_sources: ['SEO'], terms_accepted: true, referred_by: null,
  },
};

describe('the applications read model', () => {
  it('lists a submission as pending, without the terms flag', () => {
    const row = fold(applicationsProjection, recorded('application-a1', [submitted]));
    expect(row).toEqual({
      id: 'a1', first_name: 'Léa', last_name: 'Bernard', username: 'lea', email: 'lea@example.test', profile_type: 'website', contact_method: '@lea',
      country: 'Belgium', experience_description: 'Owner of three dating review sites', affiliate_niches: [], traffic_sources: ['SEO'], referred_by: null,
      status: 'pending', created_at: '2026-11-16T09:00:00.000Z', processed_at: null,
    });
  });

  it('follows the referrer and the decision, with its time', () => {
    const approved = fold(applicationsProjection, recorded('application-a1', [
      submitted,
      { type: 'ApplicationReferrerChanged', data: { referred_by: 10042 } },
      { type: 'ApplicationApproved', data: { user_id: 'a1', manager_id: null, payment_type: 'ppt', variant_id: null, referral_commission_tenths: 0 } },
    ]));
    expect(approved).toMatchObject({ referred_by: 10042, status: 'approved', processed_at: '2026-11-16T09:00:00.000Z' });
    expect(fold(applicationsProjection, recorded('application-a1', [submitted, { type: 'ApplicationRejected', data: { address_taken: false } }]))).toMatchObject({ status: 'rejected' });
  });
});
