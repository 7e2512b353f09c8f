export { OffersPage as AffiliateOffersPage } from '../offers/OffersPage';
