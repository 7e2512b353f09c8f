import { Navigate, Route, Routes } from 'react-router-dom';
import { AffiliateLayout } from './affiliate/AffiliateLayout';
import { AffiliateAccountPage } from './affiliate/AffiliateAccountPage';
import { AffiliateDashboardPage } from './affiliate/AffiliateDashboardPage';
import { AffiliateOffersPage } from './affiliate/AffiliateOffersPage';
import { AffiliatePaymentsPage } from './affiliate/AffiliatePaymentsPage';
import { AffiliateReferralPage } from './affiliate/AffiliateReferralPage';
import { AffiliateStatsPage } from './affiliate/AffiliateStatsPage';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { PublicLayout } from './layout/PublicLayout';
import { AboutPage } from './public/AboutPage';
import { AffiliationPage } from './public/AffiliationPage';
import { ContactPage } from './public/ContactPage';
import { FaqPage } from './public/FaqPage';
import { HomePage } from './public/HomePage';
import { NewsletterConfirmPage } from './public/NewsletterConfirmPage';
import { TermsPage } from './public/TermsPage';
import { AnonymousOnly, RequireRole } from './session/guards';

/** The route table of the spec (public-site-and-affiliate-area.md, section 2). /admin is served by admin-ui. */
export function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/affiliation" element={<AffiliationPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/newsletter/confirm" element={<NewsletterConfirmPage />} />
      </Route>
      <Route element={<AnonymousOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>
      <Route element={<RequireRole role="affiliate" />}>
        <Route path="/affiliate" element={<AffiliateLayout />}>
          <Route index element={<AffiliateDashboardPage />} />
          <Route path="offers" element={<AffiliateOffersPage />} />
          <Route path="stats" element={<AffiliateStatsPage />} />
          <Route path="referral" element={<AffiliateReferralPage />} />
          <Route path="account" element={<AffiliateAccountPage />} />
          <Route path="payments" element={<AffiliatePaymentsPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
