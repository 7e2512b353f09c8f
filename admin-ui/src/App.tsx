import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import applications from './applications';
import offers from './offers';
import { Dashboard } from './dashboard/Dashboard';
import { ImportsPage } from './imports/ImportsPage';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import managers from './managers';
import { MessagesPage } from './messages/MessagesPage';
import { PaymentsPage } from './payments/PaymentsPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
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
    </CustomRoutes>
  </Admin>
);
