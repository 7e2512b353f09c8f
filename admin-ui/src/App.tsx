import type { Role } from '@affilux/contract';
import { Admin, CustomRoutes, Resource, useBasename } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import applications from './applications';
import offers from './offers';
import { AuditorsPage } from './audit/AuditorsPage';
import { AuditPage } from './audit/AuditPage';
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

const ToUsers = () => <Navigate to={`${useBasename()}/users`} replace />;

const readOnly = <R extends { create?: unknown; edit?: unknown }>({ create: _create, edit: _edit, ...resource }: R) => resource;

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
    {(role: Role) => (
      <>
        <Resource name="applications" {...applications} />
        <Resource name="users" {...users} />
        {/* An auditor reads the offers: their create and edit pages do not exist for them. */}
        <Resource name="offers" {...(role === 'admin' ? offers : readOnly(offers))} />
        <Resource name="managers" {...managers} />
        <Resource name="ppt-variants" {...pptVariants} />
        <Resource name="sales-variants" {...salesVariants} />
        <CustomRoutes>
          <Route path="/messages" element={<MessagesPage />} />
          <Route path="/imports/*" element={<ImportsPage />} />
          <Route path="/payments" element={<PaymentsPage />} />
          <Route path="/audit/*" element={<AuditPage />} />
          {/* Inviting auditors is an admin's: an auditor who types the address is sent to the users list. */}
          <Route path="/users/auditors" element={role === 'admin' ? <AuditorsPage /> : <ToUsers />} />
        </CustomRoutes>
      </>
    )}
  </Admin>
);
