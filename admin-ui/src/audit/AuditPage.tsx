import { Box, Tab, Tabs } from '@mui/material';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { PageIntro } from '../shared/PageIntro';
import { AsOfTab } from './AsOfTab';
import { HistoryTab } from './HistoryTab';
import { PayoutTab } from './PayoutTab';
import { RateChangesTab } from './RateChangesTab';
import { VerifyTab } from './VerifyTab';

const TABS = [
  { id: 'history', path: '/audit', element: <HistoryTab /> },
  { id: 'payouts', path: '/audit/payouts', element: <PayoutTab /> },
  { id: 'as_of', path: '/audit/as-of', element: <AsOfTab /> },
  { id: 'rate_changes', path: '/audit/rate-changes', element: <RateChangesTab /> },
  { id: 'verify', path: '/audit/verify', element: <VerifyTab /> },
] as const;

/**
 * /admin/audit (for admins and auditors, read only): an affiliate's history, a payout explained,
 * an affiliate as of a past moment, the rate changes and the verification of the read models.
 * The affiliate chosen (`?user=`) follows from tab to tab.
 */
export const AuditPage = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname, search } = useLocation();
  const here = pathname.slice(basename.length).replace(/\/+$/, '');
  const current = TABS.find((tab) => tab.path === here) ?? TABS[0];
  const user = new URLSearchParams(search).get('user');
  const keep = user ? `?user=${encodeURIComponent(user)}` : '';
  return (
    // A grid of one shrinkable column: wide tables scroll inside their card instead of widening the page on phones.
    <Box sx={{ pb: 3, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="audit-page">
      <Title title={translate('app.audit.title')} />
      <PageIntro text="app.audit.subtitle" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={current.path} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map(({ id, path }) => (
            <Tab key={path} value={path} label={translate(`app.audit.tabs.${id}`)} component={Link} to={`${basename}${path}${keep}`} data-testid={`audit-tab-${id}`} />
          ))}
        </Tabs>
      </Box>
      {current.element}
    </Box>
  );
};
