export { ReferralPage as AffiliateReferralPage } from '../referral/ReferralPage';
