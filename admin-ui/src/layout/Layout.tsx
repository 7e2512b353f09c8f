import type { ReactNode } from 'react';
import { Layout as RaLayout, LayoutClasses } from 'react-admin';
import { APP_BAR_HEIGHT, AppBar } from './AppBar';

// The spec puts the navigation in the header (with a slide-in menu on small screens), so the
// react-admin sidebar is not used: the AppBar holds both navigations.
const NoSidebar = () => null;

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout
    appBar={AppBar}
    sidebar={NoSidebar}
    sx={{ [`& .${LayoutClasses.appFrame}`]: { marginTop: `${APP_BAR_HEIGHT}px` } }}
  >
    {children}
  </RaLayout>
);
