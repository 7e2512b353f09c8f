export { PaymentsPage as AffiliatePaymentsPage } from '../payments/PaymentsPage';
