import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { applicationDecider } from './application';
import type { ApplicationDetails, ApplicationEvent } from './events';
import { applicationUpcasters } from './events';

const details: ApplicationDetails = {
  first_name: 'Léa', last_name: 'Bernard', username: 'lea', email: 'lea@example.test', profile_type: 'website', contact_method: '@lea',
  country: 'Belgium', experience_description: 'Owner of three dating review sites', affiliate_niches: [], traffic_sources: ['SEO'],
  terms_accepted: true, referred_by: null,
};
const submitted: ApplicationEvent = { type: 'ApplicationSubmitted', data: { application_id: 'a1', ...details } };
const approve = { type: 'ApproveApplication' as const, managerId: 'm1', paymentType: 'sale' as const, variantId: null, referralTenths: 55 };
const approved: ApplicationEvent = {
  type: 'ApplicationApproved',
  data: { user_id: 'a1', manager_id: 'm1', payment_type: 'sale', variant_id: null, referral_commission_tenths: 55 },
};
const { given } = deciderSpec(applicationDecider);

describe('application decisions', () => {
  it('records a submission once', () => {
    given().when({ type: 'SubmitApplication', applicationId: 'a1', details }).then([submitted]);
    given(submitted).when({ type: 'SubmitApplication', applicationId: 'a1', details }).thenThrows(409, 'Application already submitted');
  });

  it('approves a pending application with its terms, the account being the application id', () => {
    given(submitted).when(approve).then([approved]);
  });

  it('rejects a pending application, noting whether an account holds its address (nobody is mailed then)', () => {
    given(submitted).when({ type: 'RejectApplication', addressTaken: true }).then([{ type: 'ApplicationRejected', data: { address_taken: true } }]);
  });

  it("refuses to approve or reject twice with 'Application not found or already processed'", () => {
    given(submitted, approved).when(approve).thenThrows(404, 'Application not found or already processed');
    given(submitted, { type: 'ApplicationRejected', data: { address_taken: false } }).when({ type: 'RejectApplication', addressTaken: false }).thenThrows(404, 'Application not found or already processed');
    given().when(approve).thenThrows(404, 'Application not found or already processed');
  });

  it('changes the referrer, not to the same value, and never to the applicant itself', () => {
    given(submitted).when({ type: 'ChangeApplicationReferrer', referredBy: 10042, applicantUniqueId: null }).then([
      { type: 'ApplicationReferrerChanged', data: { referred_by: 10042 } },
    ]);
    given(submitted, { type: 'ApplicationReferrerChanged', data: { referred_by: 10042 } })
      .when({ type: 'ChangeApplicationReferrer', referredBy: 10042, applicantUniqueId: null })
      .then([]);
    given(submitted, approved)
      .when({ type: 'ChangeApplicationReferrer', referredBy: 10001, applicantUniqueId: 10001 })
      .thenThrows(400, 'Un utilisateur ne peut pas se parrainer lui-même');
  });

  it('reads an approval recorded before v2 (percent as a decimal, affiliate id included) in today\'s shape', () => {
    const [upcaster] = applicationUpcasters;
    expect(upcaster!.upcast({ user_id: 'a1', unique_id: 10007, manager_id: null, payment_type: 'ppt', variant_id: null, referral_commission_rate: 12.5 } as never)).toEqual({
      user_id: 'a1', unique_id: 10007, manager_id: null, payment_type: 'ppt', variant_id: null, referral_commission_tenths: 125,
    });
  });

  it('reads a rejection recorded before v2 as one that mailed the applicant', () => {
    const upcaster = applicationUpcasters.find((u) => u.type === 'ApplicationRejected');
    expect(upcaster!.upcast({} as never)).toEqual({ address_taken: false });
  });
});
