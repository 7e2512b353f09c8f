import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, LayoutClasses, TitlePortal, useLocaleState, useTranslate } from 'react-admin';
import { APP_BAR_HEIGHT, AppBar } from './AppBar';

// The spec puts the navigation in the header (with a slide-in menu on small screens), so the
// react-admin sidebar is not used: the AppBar holds both navigations.
const NoSidebar = () => null;

/**
 * The browser tab names the page ("Utilisateurs · Affilux — Administration", from the page's own
 * title in the portal below), so tabs, history and screen readers tell pages apart; it and the
 * page's declared language follow the back office's language.
 */
const DocumentTitleAndLanguage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const app = translate('app.document_title');
    const pageTitle = document.getElementById('react-admin-title');
    const name = () => {
      const page = pageTitle?.textContent?.trim();
      document.title = page ? `${page} · ${app}` : app;
    };
    name();
    const observer = new MutationObserver(name);
    if (pageTitle) observer.observe(pageTitle, { childList: true, subtree: true, characterData: true });
    document.documentElement.lang = locale;
    return () => observer.disconnect();
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
    <TitlePortal variant="h5" component="h1" sx={{ flex: 'none', mt: { xs: 2, sm: 3 }, mb: 2 }} />
    <DocumentTitleAndLanguage />
    {children}
  </RaLayout>
);
