import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, LayoutClasses, TitlePortal, useLocaleState, useTranslate } from 'react-admin';
import { APP_BAR_HEIGHT, AppBar } from './AppBar';

// The spec puts the navigation in the header (with a slide-in menu on small screens), so the
// react-admin sidebar is not used: the AppBar holds both navigations.
const NoSidebar = () => null;

/** The browser tab's title and the page's declared language follow the back office's language. */
const DocumentLanguage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    document.title = translate('app.document_title');
    document.documentElement.lang = locale;
  }, [translate, locale]);
  return null;
};

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout
    appBar={AppBar}
    sidebar={NoSidebar}
    sx={{
      [`& .${LayoutClasses.appFrame}`]: { marginTop: `${APP_BAR_HEIGHT}px` },
      [`& .${LayoutClasses.content}`]: { px: { xs: 1.5, sm: 3 }, pb: 3 },
    }}
  >
    {/* Pages fill it with react-admin's <Title> (a List fills it with the resource's name). */}
    <DocumentLanguage />
    <TitlePortal variant="h5" component="h1" sx={{ flex: 'none', mt: { xs: 2, sm: 3 }, mb: 2 }} />
    {children}
  </RaLayout>
);
