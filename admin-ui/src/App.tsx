import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import applications from './applications';
import offers from './offers';
import { AuditorsPage } from './audit/AuditorsPage';
import { AuditPage } from './audit/AuditPage';
import { Dashboard } from './dashboard/Dashboard';
import { ImportsPage } from './imports/ImportsPage';
import { i18nProvider } from './i18n/i18nProvider';
import { AnnouncedNotification } from './layout/AnnouncedNotification';
import { Layout } from './layout/Layout';
import managers from './managers';
import { MessagesPage } from './messages/MessagesPage';
import { PaymentsPage } from './payments/PaymentsPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { AdminPage } from './shared/canWrite';
import { theme } from './theme';
import { pptVariants, salesVariants } from './variants';
import users from './users';

/**
 * The back office, mounted at /admin by main.tsx. There is no login page here: the session is the
 * portal's (see session/session.ts), so an anonymous visitor is sent to the portal's /login.
 */
export const App = () => (
  <Admin
    basename="/admin"
    title="Affilux"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={Layout}
    notification={AnnouncedNotification}
    dashboard={Dashboard}
    loginPage={false}
    requireAuth
    disableTelemetry
  >
    <Resource name="applications" {...applications} />
    <Resource name="users" {...users} />
    <Resource name="offers" {...offers} />
    <Resource name="managers" {...managers} />
    <Resource name="ppt-variants" {...pptVariants} />
    <Resource name="sales-variants" {...salesVariants} />
    <CustomRoutes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/imports/*" element={<ImportsPage />} />
      <Route path="/payments" element={<PaymentsPage />} />
      <Route path="/audit/*" element={<AuditPage />} />
      <Route path="/users/auditors" element={<AdminPage fallback="/users"><AuditorsPage /></AdminPage>} />
    </CustomRoutes>
  </Admin>
);
